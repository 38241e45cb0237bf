-- Issue 31: TON Connect wallet linking: ton_proof payloads, linked wallets (one per user, one user
-- per address) and the append-only trail of links and unlinks.
CREATE TABLE "ton_proof_payloads" (
	"payload_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ton_wallet_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ton_wallet_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"address" text NOT NULL,
	"network" text NOT NULL,
	"version" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ton_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"network" text NOT NULL,
	"version" text NOT NULL,
	"public_key" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ton_proof_payloads" ADD CONSTRAINT "ton_proof_payloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ton_wallets" ADD CONSTRAINT "ton_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ton_proof_payloads_user_idx" ON "ton_proof_payloads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ton_proof_payloads_expires_idx" ON "ton_proof_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "ton_wallet_events_user_idx" ON "ton_wallet_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ton_wallet_events_address_idx" ON "ton_wallet_events" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "ton_wallets_address_key" ON "ton_wallets" USING btree ("address");--> statement-breakpoint
CREATE FUNCTION ton_wallet_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ton_wallet_events is append-only (% refused)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ton_wallet_events_no_update_delete
  BEFORE UPDATE OR DELETE ON ton_wallet_events
  FOR EACH ROW EXECUTE FUNCTION ton_wallet_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ton_wallet_events_no_truncate
  BEFORE TRUNCATE ON ton_wallet_events
  FOR EACH STATEMENT EXECUTE FUNCTION ton_wallet_events_refuse_change();
