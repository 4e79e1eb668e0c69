CREATE TABLE "notifications"."email_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"next_daily_at" timestamp with time zone,
	"next_weekly_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."email_sends" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"job" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications"."notification_groups" ADD COLUMN "email_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications"."notification_groups" ADD COLUMN "emailed_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "email_digests_daily_idx" ON "notifications"."email_digests" USING btree ("next_daily_at") WHERE "notifications"."email_digests"."next_daily_at" is not null;--> statement-breakpoint
CREATE INDEX "email_digests_weekly_idx" ON "notifications"."email_digests" USING btree ("next_weekly_at") WHERE "notifications"."email_digests"."next_weekly_at" is not null;--> statement-breakpoint
CREATE INDEX "email_sends_user_idx" ON "notifications"."email_sends" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_sends_unqueued_idx" ON "notifications"."email_sends" USING btree ("created_at") WHERE "notifications"."email_sends"."queued_at" is null;--> statement-breakpoint
CREATE INDEX "notification_groups_email_due_idx" ON "notifications"."notification_groups" USING btree ("email_due_at") WHERE "notifications"."notification_groups"."email_due_at" is not null;--> statement-breakpoint
-- What was news before emails existed is not told by email now: every group counts as told.
UPDATE "notifications"."notification_groups" SET "emailed_version" = "version";--> statement-breakpoint
-- Every member known today gets their digests; due at once, the first sweep finds nothing new and
-- sets each to its member's own hour.
INSERT INTO "notifications"."email_digests" ("user_id", "next_daily_at", "next_weekly_at")
SELECT "user_id", now(), now() FROM "notifications"."members" ON CONFLICT DO NOTHING;
