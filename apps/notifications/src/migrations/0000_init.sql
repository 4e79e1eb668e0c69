CREATE SCHEMA "notifications";
--> statement-breakpoint
CREATE TABLE "notifications"."follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id"),
	CONSTRAINT "follows_not_self_check" CHECK ("notifications"."follows"."follower_id" <> "notifications"."follows"."followee_id")
);
--> statement-breakpoint
CREATE TABLE "notifications"."members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"fullname" text NOT NULL,
	"profile_image" text,
	"language" text NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "notifications"."follows" USING btree ("follower_id","created_at","followee_id");--> statement-breakpoint
CREATE INDEX "follows_followee_created_idx" ON "notifications"."follows" USING btree ("followee_id","created_at","follower_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "notifications"."outbox" USING btree ("occurred_at") WHERE published_at is null;