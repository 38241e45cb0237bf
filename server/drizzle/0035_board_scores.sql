CREATE TABLE "board_rank_marks" (
	"board" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"rank" integer NOT NULL,
	"rank_key" numeric(20, 4) NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "board_rank_marks_board_period_start_rank_pk" PRIMARY KEY("board","period_start","rank")
);
--> statement-breakpoint
CREATE TABLE "board_scores" (
	"board" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"value" numeric(20, 4) NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"visible" boolean NOT NULL,
	"rank_key" numeric(20, 4) GENERATED ALWAYS AS (-value) STORED NOT NULL,
	CONSTRAINT "board_scores_board_period_start_user_id_pk" PRIMARY KEY("board","period_start","user_id")
);
--> statement-breakpoint
ALTER TABLE "board_scores" ADD CONSTRAINT "board_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_scores_rank_idx" ON "board_scores" USING btree ("board","period_start","rank_key","reached_at","user_id") WHERE "board_scores"."visible" AND "board_scores"."rank_key" < 0;--> statement-breakpoint
-- The leaderboards' rules, once (docs/decisions.md "Leaderboards"). The board a ledger entry
-- counts on: ZP or SEB earned; spending entries (withdrawal, purchase) and their reversals on none.
CREATE FUNCTION board_of_entry(currency text, type text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN type IN ('withdrawal', 'purchase', 'withdrawal_reversal', 'purchase_reversal') THEN NULL
    WHEN currency = 'ZP' THEN 'zp'
    WHEN currency = 'SEB' THEN 'seb'
  END
$$;
--> statement-breakpoint
-- The periods something done at `at` counts in: its UTC week (from Monday 00:00) and all time.
CREATE FUNCTION board_periods(at timestamptz) RETURNS timestamptz[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[date_trunc('week', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', '1970-01-01T00:00:00Z'::timestamptz]
$$;
--> statement-breakpoint
-- What each board counts, per account and period: board_scores is these sums, kept up to date.
CREATE VIEW board_entries AS
  SELECT board_of_entry(t.currency, t.type) AS board, p.period_start, t.user_id, t.amount, t.created_at
  FROM transactions t CROSS JOIN LATERAL unnest(board_periods(t.created_at)) AS p(period_start)
  WHERE board_of_entry(t.currency, t.type) IS NOT NULL
  UNION ALL
  SELECT 'referrals', p.period_start, r.referrer_id, 1, r.created_at
  FROM referrals r CROSS JOIN LATERAL unnest(board_periods(r.created_at)) AS p(period_start)
  WHERE r.removed_at IS NULL;
--> statement-breakpoint
-- One account's value on one board and period, recomputed from board_entries (an entry changed
-- or went away: rare, the ledger is append-only; a referral removed).
CREATE FUNCTION board_scores_recompute(p_board text, p_period timestamptz, p_user uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM board_scores WHERE board = p_board AND period_start = p_period AND user_id = p_user;
  INSERT INTO board_scores (board, period_start, user_id, value, reached_at, visible)
  SELECT p_board, p_period, p_user, sum(e.amount), max(e.created_at),
         bool_and(u.suspended_at IS NULL AND NOT u.hide_from_boards)
  FROM board_entries e JOIN users u ON u.id = e.user_id
  WHERE e.board = p_board AND e.period_start = p_period AND e.user_id = p_user
  HAVING count(*) > 0;
END;
$$;
--> statement-breakpoint
-- Entries appended (every writer of the ledger; a claim's statement adds its batch at once).
-- The accounts' users rows are locked first, in id order: a claim locks them before its entries,
-- postLedgerEntries after, so without this the two could wait on each other's rows. Rows this
-- transaction wrote already (xmin its own: the claim updated them before its trigger runs) are
-- held until it ends and are not locked again; a statement with no board entry returns at once.
CREATE FUNCTION board_scores_entries_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM new_entries e WHERE board_of_entry(e.currency, e.type) IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  WITH counted AS MATERIALIZED (
    SELECT board_of_entry(e.currency, e.type) AS board, e.user_id, e.amount, e.created_at
    FROM new_entries e WHERE board_of_entry(e.currency, e.type) IS NOT NULL
  ),
  held AS MATERIALIZED (
    SELECT id, suspended_at IS NULL AND NOT hide_from_boards AS visible FROM users
    WHERE id IN (SELECT user_id FROM counted) AND xmin = pg_current_xact_id()::xid
  ),
  locked AS MATERIALIZED (
    SELECT id, suspended_at IS NULL AND NOT hide_from_boards AS visible FROM users
    WHERE id IN (SELECT user_id FROM counted) AND xmin <> pg_current_xact_id()::xid
    ORDER BY id FOR NO KEY UPDATE
  ),
  who AS (SELECT * FROM held UNION ALL SELECT * FROM locked)
  INSERT INTO board_scores AS s (board, period_start, user_id, value, reached_at, visible)
  SELECT e.board, p.period_start, e.user_id, sum(e.amount), max(e.created_at), bool_and(w.visible)
  FROM counted e
  JOIN who w ON w.id = e.user_id
  CROSS JOIN LATERAL unnest(board_periods(e.created_at)) AS p(period_start)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (board, period_start, user_id) DO UPDATE
    SET value = s.value + excluded.value, reached_at = greatest(s.reached_at, excluded.reached_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER board_scores_entries_inserted
  AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION board_scores_entries_inserted();
--> statement-breakpoint
-- Entries changed or deleted: each (board, period, account) they counted in, recomputed.
CREATE FUNCTION board_scores_entries_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE k record;
BEGIN
  FOR k IN
    WITH changed AS (
      SELECT user_id, currency, type, created_at FROM old_entries
      UNION ALL
      SELECT user_id, currency, type, created_at FROM new_entries
    ),
    keys AS (
      SELECT DISTINCT board_of_entry(c.currency, c.type) AS board, p.period_start, c.user_id
      FROM changed c CROSS JOIN LATERAL unnest(board_periods(c.created_at)) AS p(period_start)
      WHERE board_of_entry(c.currency, c.type) IS NOT NULL
    ),
    -- Users deleted with their entries (a cascade) have nothing left to count.
    who AS MATERIALIZED (
      SELECT id FROM users WHERE id IN (SELECT user_id FROM keys) ORDER BY id FOR NO KEY UPDATE
    )
    SELECT keys.* FROM keys JOIN who ON who.id = keys.user_id ORDER BY 1, 2, 3
  LOOP
    PERFORM board_scores_recompute(k.board, k.period_start, k.user_id);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER board_scores_entries_updated
  AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION board_scores_entries_changed();
--> statement-breakpoint
CREATE TRIGGER board_scores_entries_deleted
  AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_entries
  FOR EACH STATEMENT EXECUTE FUNCTION board_scores_entries_changed();
--> statement-breakpoint
-- A referral made, removed, moved or deleted: the referrer's referrals board, both periods of
-- the old and of the new row (a row trigger; the claim's reward_paid_at update does not fire it).
-- One referrer's changes take turns (a transaction-scoped advisory lock, taken only here), so a
-- recount sees the referrals committed before it and no concurrent change is lost.
CREATE FUNCTION board_scores_referral_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE p timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_advisory_xact_lock(hashtext('ziver.board_referrals'), hashtext(OLD.referrer_id::text));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_advisory_xact_lock(hashtext('ziver.board_referrals'), hashtext(NEW.referrer_id::text));
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.removed_at IS NULL THEN
      INSERT INTO board_scores AS s (board, period_start, user_id, value, reached_at, visible)
      SELECT 'referrals', q.period_start, NEW.referrer_id, 1, NEW.created_at, u.suspended_at IS NULL AND NOT u.hide_from_boards
      FROM users u CROSS JOIN LATERAL unnest(board_periods(NEW.created_at)) AS q(period_start)
      WHERE u.id = NEW.referrer_id
      ORDER BY 2
      ON CONFLICT (board, period_start, user_id) DO UPDATE
        SET value = s.value + 1, reached_at = greatest(s.reached_at, excluded.reached_at);
    END IF;
    RETURN NULL;
  END IF;
  FOREACH p IN ARRAY board_periods(OLD.created_at) LOOP
    IF EXISTS (SELECT 1 FROM users WHERE id = OLD.referrer_id) THEN
      PERFORM board_scores_recompute('referrals', p, OLD.referrer_id);
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND (NEW.referrer_id, NEW.created_at) IS DISTINCT FROM (OLD.referrer_id, OLD.created_at) THEN
    FOREACH p IN ARRAY board_periods(NEW.created_at) LOOP
      PERFORM board_scores_recompute('referrals', p, NEW.referrer_id);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER board_scores_referral_inserted
  AFTER INSERT ON referrals FOR EACH ROW EXECUTE FUNCTION board_scores_referral_changed();
--> statement-breakpoint
CREATE TRIGGER board_scores_referral_updated
  AFTER UPDATE OF referrer_id, created_at, removed_at ON referrals
  FOR EACH ROW WHEN ((OLD.referrer_id, OLD.created_at, OLD.removed_at) IS DISTINCT FROM (NEW.referrer_id, NEW.created_at, NEW.removed_at))
  EXECUTE FUNCTION board_scores_referral_changed();
--> statement-breakpoint
CREATE TRIGGER board_scores_referral_deleted
  AFTER DELETE ON referrals FOR EACH ROW EXECUTE FUNCTION board_scores_referral_changed();
--> statement-breakpoint
-- Suspended or hidden: off every board at once (the partial rank index holds visible rows only).
CREATE FUNCTION board_scores_visibility_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE board_scores SET visible = (NEW.suspended_at IS NULL AND NOT NEW.hide_from_boards)
  WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER board_scores_visibility_changed
  AFTER UPDATE OF suspended_at, hide_from_boards ON users
  FOR EACH ROW WHEN ((OLD.suspended_at IS NULL AND NOT OLD.hide_from_boards) IS DISTINCT FROM (NEW.suspended_at IS NULL AND NOT NEW.hide_from_boards))
  EXECUTE FUNCTION board_scores_visibility_changed();
--> statement-breakpoint
-- The existing ledger and referrals, summed once.
INSERT INTO board_scores (board, period_start, user_id, value, reached_at, visible)
SELECT e.board, e.period_start, e.user_id, sum(e.amount), max(e.created_at), bool_and(u.suspended_at IS NULL AND NOT u.hide_from_boards)
FROM board_entries e JOIN users u ON u.id = e.user_id
GROUP BY 1, 2, 3;
