-- Issue 29: a suspension carries the admin's reason (shown on the user's page while suspended),
-- and the audit log is filtered by actor.
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_id","id");