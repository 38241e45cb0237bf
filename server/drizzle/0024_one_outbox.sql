CREATE TABLE "outbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"announcement_id" uuid,
	"dedupe_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"send_id" uuid,
	"send_started_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_messages_state_check" CHECK ("outbox_messages"."state" IN ('pending', 'sending', 'sent', 'failed', 'skipped', 'unconfirmed', 'blocked', 'cancelled')),
	CONSTRAINT "outbox_messages_channel_check" CHECK ("outbox_messages"."channel" IN ('telegram', 'email', 'push')),
	CONSTRAINT "outbox_messages_kind_check" CHECK ("outbox_messages"."kind" IN ('mining_ready', 'announcement', 'mail'))
);
--> statement-breakpoint
ALTER TABLE "mining_sessions" ADD COLUMN "notices_queued_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_dedupe_key" ON "outbox_messages" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("channel","kind","next_at") WHERE "outbox_messages"."state" IN ('pending', 'sending');
--> statement-breakpoint
CREATE INDEX "outbox_messages_announcement_idx" ON "outbox_messages" USING btree ("announcement_id","state") WHERE "outbox_messages"."announcement_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_at_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "outbox_messages"."sent_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "outbox_messages_open_idx" ON "outbox_messages" USING btree ("channel","kind","state") WHERE "outbox_messages"."state" IN ('pending', 'sending', 'failed', 'unconfirmed');
--> statement-breakpoint
CREATE INDEX "mining_sessions_notices_due_idx" ON "mining_sessions" USING btree ("ends_at") WHERE "mining_sessions"."notices_queued_at" IS NULL AND "mining_sessions"."claimed_at" IS NULL;
--> statement-breakpoint
-- Pending work of the two old outboxes moves over (hand-written; the drops below wait for it).
-- Announcement deliveries: every row (the console shows each announcement's progress), same states.
INSERT INTO "outbox_messages" ("channel", "kind", "user_id", "announcement_id", "dedupe_key", "state", "attempts",
  "next_at", "send_id", "send_started_at", "last_error", "sent_at")
SELECT 'telegram', 'announcement', d."user_id", d."announcement_id", 'announcement:' || d."announcement_id" || ':' || d."user_id",
  d."status", d."attempts", d."next_at", d."send_id", d."send_started_at", d."error", d."sent_at"
FROM "announcement_deliveries" d
ORDER BY d."id";
--> statement-breakpoint
-- Mining-ready notices: the ones still to send (a started send stays 'sending': the sweep makes it
-- 'unconfirmed' after its lease), and the last 31 days of settled ones (the dashboard's figures).
INSERT INTO "outbox_messages" ("channel", "kind", "user_id", "dedupe_key", "payload", "state", "attempts",
  "next_at", "send_id", "send_started_at", "sent_at", "created_at")
SELECT 'telegram', 'mining_ready', s."user_id", 'mining_ready:' || s."id" || ':telegram', jsonb_build_object('sessionId', s."id"),
  CASE WHEN s."notify_status" = 'pending' AND s."notify_send_id" IS NOT NULL THEN 'sending' ELSE s."notify_status" END,
  s."notify_attempts", CASE WHEN s."notify_status" = 'pending' THEN coalesce(s."notify_next_at", s."ends_at") END,
  s."notify_send_id", s."notify_send_started_at", s."notified_at", s."ends_at"
FROM "mining_sessions" s
WHERE (s."notify_status" = 'pending' AND s."claimed_at" IS NULL AND s."ends_at" <= now())
   OR (s."notify_status" <> 'pending' AND s."ends_at" > now() - interval '31 days')
ORDER BY s."ends_at";
--> statement-breakpoint
-- Every cycle that has ended (or was claimed) has had its notices written; running ones get theirs when they end.
UPDATE "mining_sessions" SET "notices_queued_at" = now() WHERE "ends_at" <= now() OR "claimed_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "announcement_deliveries" DISABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP TABLE "announcement_deliveries" CASCADE;
--> statement-breakpoint
DROP INDEX "mining_sessions_notify_due_idx";
--> statement-breakpoint
DROP INDEX "mining_sessions_notified_at_idx";
--> statement-breakpoint
DROP INDEX "mining_sessions_notify_problem_idx";
--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "notified_at";
--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "notify_status";
--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "notify_attempts";
--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "notify_next_at";
--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "notify_send_id";
--> statement-breakpoint
ALTER TABLE "mining_sessions" DROP COLUMN "notify_send_started_at";
