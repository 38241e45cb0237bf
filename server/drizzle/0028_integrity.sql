CREATE TABLE "account_risk" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"score" integer NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"reviewed_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_signals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"network" text,
	"user_agent" text,
	"accept_language" text,
	"telegram_id" bigint,
	"telegram_premium" boolean,
	"telegram_language" text,
	"telegram_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrity_ring_members" (
	"ring_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "integrity_ring_members_ring_id_user_id_pk" PRIMARY KEY("ring_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "integrity_rings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"score" integer NOT NULL,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"member_count" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "account_risk" ADD CONSTRAINT "account_risk_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_signals" ADD CONSTRAINT "account_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_ring_members" ADD CONSTRAINT "integrity_ring_members_ring_id_integrity_rings_id_fk" FOREIGN KEY ("ring_id") REFERENCES "public"."integrity_rings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrity_ring_members" ADD CONSTRAINT "integrity_ring_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_signals_user_idx" ON "account_signals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "account_signals_created_idx" ON "account_signals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "account_signals_network_idx" ON "account_signals" USING btree ("network","created_at");--> statement-breakpoint
CREATE INDEX "integrity_ring_members_user_idx" ON "integrity_ring_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrity_rings_key" ON "integrity_rings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "integrity_rings_score_idx" ON "integrity_rings" USING btree ("score");