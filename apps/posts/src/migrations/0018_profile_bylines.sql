-- Issue 35: the moderation service's word on a member's profile is kept too, by the member's id:
-- held or removed, their name and picture leave every post's byline.
ALTER TABLE "posts"."moderation_decisions" DROP CONSTRAINT "moderation_decisions_kind_check";--> statement-breakpoint
ALTER TABLE "posts"."moderation_decisions" ADD CONSTRAINT "moderation_decisions_kind_check" CHECK ("posts"."moderation_decisions"."kind" in ('post', 'answer', 'profile'));