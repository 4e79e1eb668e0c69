CREATE TABLE "posts"."moderation_decisions" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"state" text NOT NULL,
	"case_id" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_decisions_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "moderation_decisions_kind_check" CHECK ("posts"."moderation_decisions"."kind" in ('post', 'answer')),
	CONSTRAINT "moderation_decisions_state_check" CHECK ("posts"."moderation_decisions"."state" in ('visible', 'held', 'removed'))
);
--> statement-breakpoint
DROP INDEX "posts"."posts_public_order_idx";--> statement-breakpoint
DROP INDEX "posts"."posts_magazine_order_idx";--> statement-breakpoint
DROP INDEX "posts"."posts_magazine_language_order_idx";--> statement-breakpoint
DROP INDEX "posts"."posts_members_order_idx";--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "me_answer_id" uuid;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "moderation_state" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "moderation_case_id" text;--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD COLUMN "moderation_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "moderation_decisions_owner_idx" ON "posts"."moderation_decisions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "posts_me_answer_idx" ON "posts"."posts" USING btree ("me_answer_id") WHERE me_answer_id is not null;--> statement-breakpoint
CREATE INDEX "posts_public_order_idx" ON "posts"."posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'public' and moderation_state = 'visible';--> statement-breakpoint
CREATE INDEX "posts_magazine_order_idx" ON "posts"."posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'public' and destination = 'magazine' and moderation_state = 'visible';--> statement-breakpoint
CREATE INDEX "posts_magazine_language_order_idx" ON "posts"."posts" USING btree ("language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'public' and destination = 'magazine' and moderation_state = 'visible';--> statement-breakpoint
CREATE INDEX "posts_members_order_idx" ON "posts"."posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'members' and moderation_state = 'visible';--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD CONSTRAINT "posts_moderation_state_check" CHECK ("posts"."posts"."moderation_state" in ('visible', 'held', 'removed'));