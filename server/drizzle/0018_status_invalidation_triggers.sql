-- The mining status is cached per user in each server instance (features/mining/status-cache.ts).
-- Whatever changes what it shows (a balance, the streak, the user's cycle) tells every instance
-- through the invalidation bus (platform/invalidation.ts), from the database itself, so every
-- write path is covered, including SQL written later. Delivered when the transaction commits;
-- identical payloads in one transaction are sent once.
CREATE FUNCTION notify_mining_status_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('ziver_invalidate', '{"topic":"status"}');
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
--> statement-breakpoint
CREATE TRIGGER users_status_changed
  AFTER UPDATE OF zp_balance, social_capital_score, daily_streak_count ON users
  FOR EACH ROW
  WHEN (OLD.zp_balance IS DISTINCT FROM NEW.zp_balance
     OR OLD.social_capital_score IS DISTINCT FROM NEW.social_capital_score
     OR OLD.daily_streak_count IS DISTINCT FROM NEW.daily_streak_count)
  EXECUTE FUNCTION notify_mining_status_changed();
--> statement-breakpoint
CREATE TRIGGER users_status_deleted
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_mining_status_changed();
--> statement-breakpoint
CREATE TRIGGER mining_sessions_status_inserted_deleted
  AFTER INSERT OR DELETE ON mining_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_mining_status_changed();
--> statement-breakpoint
-- Only what the status reads: the notification sender's own columns (notify_status, …) do not count.
CREATE TRIGGER mining_sessions_status_updated
  AFTER UPDATE OF user_id, started_at, ends_at, claimed_at ON mining_sessions
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
     OR OLD.started_at IS DISTINCT FROM NEW.started_at
     OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
     OR OLD.claimed_at IS DISTINCT FROM NEW.claimed_at)
  EXECUTE FUNCTION notify_mining_status_changed();
--> statement-breakpoint
CREATE TRIGGER users_status_truncated
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_mining_status_changed();
--> statement-breakpoint
CREATE TRIGGER mining_sessions_status_truncated
  AFTER TRUNCATE ON mining_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_mining_status_changed();
