-- Heartbeat flushes and claims update users rows in place (HOT) only when the row's page has
-- room for the new version: leave 20% of each page free. Applies to pages written from now on
-- (a VACUUM FULL or pg_repack spreads an existing table out).
ALTER TABLE "users" SET (fillfactor = 80);
