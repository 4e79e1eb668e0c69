ALTER TABLE "me_answers"."answers" ADD COLUMN "moderation_state" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "me_answers"."answers" ADD COLUMN "moderation_case_id" text;--> statement-breakpoint
ALTER TABLE "me_answers"."answers" ADD COLUMN "moderation_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "me_answers"."answers" ADD CONSTRAINT "answers_moderation_state_check" CHECK ("me_answers"."answers"."moderation_state" in ('visible', 'held', 'removed'));