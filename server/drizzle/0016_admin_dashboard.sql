CREATE TABLE "admin_dashboard_days" (
	"day" date PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_activity_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "user_activity_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mining_sessions_notified_at_idx" ON "mining_sessions" USING btree ("notified_at") WHERE "mining_sessions"."notified_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "mining_sessions_notify_problem_idx" ON "mining_sessions" USING btree ("notify_status") WHERE "mining_sessions"."notify_status" IN ('failed', 'unconfirmed');--> statement-breakpoint
CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_created_at_brin" ON "transactions" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_telegram_blocked_at_idx" ON "users" USING btree ("telegram_blocked_at") WHERE "users"."telegram_blocked_at" IS NOT NULL;--> statement-breakpoint
-- Each user's last known active day, so "daily active" is not empty before the first heartbeat.
INSERT INTO "user_activity_days" ("day", "user_id")
SELECT ("last_seen_at" AT TIME ZONE 'UTC')::date, "id" FROM "users" WHERE "last_seen_at" IS NOT NULL
ON CONFLICT DO NOTHING;
