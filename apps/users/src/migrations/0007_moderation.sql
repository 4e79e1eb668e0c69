DROP INDEX "users"."users_published_idx";--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "moderation_state" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "moderation_case_id" text;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "moderation_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_published_idx" ON "users"."users" USING btree ("published_at","id") WHERE published_answers > 0 and moderation_state = 'visible';--> statement-breakpoint
ALTER TABLE "users"."users" ADD CONSTRAINT "users_moderation_state_check" CHECK ("users"."users"."moderation_state" in ('visible', 'held', 'removed'));