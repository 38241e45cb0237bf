CREATE TABLE "outbox_pauses" (
	"channel" text PRIMARY KEY NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "outbox_pauses_reason_check" CHECK ("outbox_pauses"."reason" IN ('rate_limit', 'outage'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Before this migration stopping an announcement also hid its notice: those stay hidden.
UPDATE "announcements" SET "withdrawn_at" = "cancelled_at" WHERE "status" = 'cancelled' AND "in_app_recipient_count" IS NOT NULL;
