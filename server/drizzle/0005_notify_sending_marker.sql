ALTER TABLE "mining_sessions" ADD COLUMN "notify_send_id" uuid;--> statement-breakpoint
ALTER TABLE "mining_sessions" ADD COLUMN "notify_send_started_at" timestamp with time zone;