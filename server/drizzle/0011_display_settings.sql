ALTER TABLE "users" ADD COLUMN "display_reduced_motion" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_high_contrast" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "display_large_text" boolean DEFAULT false NOT NULL;