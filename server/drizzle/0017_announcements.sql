CREATE TABLE "announcement_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "announcement_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"send_id" uuid,
	"send_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "announcement_deliveries_status_check" CHECK ("announcement_deliveries"."status" IN ('pending', 'sending', 'sent', 'blocked', 'failed', 'skipped', 'unconfirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid NOT NULL,
	"text" text NOT NULL,
	"format" text NOT NULL,
	"with_button" boolean DEFAULT false NOT NULL,
	"target_language" text,
	"status" text DEFAULT 'running' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "announcements_status_check" CHECK ("announcements"."status" IN ('running', 'done', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_deliveries" ADD CONSTRAINT "announcement_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_deliveries_recipient_key" ON "announcement_deliveries" USING btree ("announcement_id","user_id");--> statement-breakpoint
CREATE INDEX "announcement_deliveries_due_idx" ON "announcement_deliveries" USING btree ("next_at") WHERE "announcement_deliveries"."status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "announcement_deliveries_status_idx" ON "announcement_deliveries" USING btree ("announcement_id","status");--> statement-breakpoint
CREATE INDEX "announcement_deliveries_sent_at_idx" ON "announcement_deliveries" USING btree ("sent_at") WHERE "announcement_deliveries"."sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "announcement_deliveries_problem_idx" ON "announcement_deliveries" USING btree ("status") WHERE "announcement_deliveries"."status" IN ('failed', 'unconfirmed');--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at");--> statement-breakpoint
-- The dashboard's stored days now count announcement sends: recompute them.
DELETE FROM "admin_dashboard_days";
