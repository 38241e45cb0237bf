CREATE TABLE "referral_card_images" (
	"user_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"language" text NOT NULL,
	"fingerprint" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_card_images_user_id_variant_language_pk" PRIMARY KEY("user_id","variant","language")
);
--> statement-breakpoint
ALTER TABLE "referral_card_images" ADD CONSTRAINT "referral_card_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_card_images" ADD CONSTRAINT "referral_card_images_file_key_stored_files_key_fk" FOREIGN KEY ("file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;