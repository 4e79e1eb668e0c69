CREATE TABLE "posts"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "posts"."post_drafts" DROP CONSTRAINT "post_drafts_privacy_check";--> statement-breakpoint
ALTER TABLE "posts"."posts" DROP CONSTRAINT "posts_privacy_check";--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "posts"."circle_memberships" USING btree ("member_id","owner_id") WHERE "posts"."circle_memberships"."in_circle";--> statement-breakpoint
CREATE INDEX "posts_members_order_idx" ON "posts"."posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'members';--> statement-breakpoint
ALTER TABLE "posts"."post_drafts" ADD CONSTRAINT "post_drafts_privacy_check" CHECK ("posts"."post_drafts"."privacy" in ('public', 'private', 'circle', 'members'));--> statement-breakpoint
ALTER TABLE "posts"."posts" ADD CONSTRAINT "posts_privacy_check" CHECK ("posts"."posts"."privacy" in ('public', 'private', 'circle', 'members'));