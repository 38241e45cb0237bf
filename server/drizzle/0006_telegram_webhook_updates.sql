CREATE TABLE "telegram_webhook_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "telegram_webhook_updates_received_idx" ON "telegram_webhook_updates" USING btree ("received_at");