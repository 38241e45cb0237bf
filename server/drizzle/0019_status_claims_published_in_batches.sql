-- A NOTIFY makes its transaction's commit take a database-wide lock until the commit record is
-- flushed, so notifying commits no longer share a WAL flush: concurrent claims fell to a third.
-- The claim statement (the hot write) sets ziver.status_published for its own transaction and
-- its server publishes the users' invalidations in batches right after commit
-- (features/mining/claim-mining-reward.ts); every other write path still notifies here.
CREATE OR REPLACE FUNCTION notify_mining_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('ziver_invalidate', '{"topic":"status"}');
  ELSIF current_setting('ziver.status_published', true) = 'on' THEN
    RETURN NULL;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('ziver_invalidate', '{"topic":"status","key":"' || OLD.id || '"}');
  ELSE
    -- mining_sessions: OLD is unset on INSERT, NEW on DELETE. Same payload twice in one transaction: sent once.
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('ziver_invalidate', '{"topic":"status","key":"' || OLD.user_id || '"}');
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('ziver_invalidate', '{"topic":"status","key":"' || NEW.user_id || '"}');
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
