CREATE SCHEMA "circles";
--> statement-breakpoint
CREATE TABLE "circles"."circle_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text,
	"token_digest" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "circle_invitations_token_digest_unique" UNIQUE("token_digest")
);
--> statement-breakpoint
CREATE TABLE "circles"."circle_members" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_members_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "circles"."members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"fullname" text NOT NULL,
	"profile_image" text,
	"language" text NOT NULL,
	"email" text,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circles"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "circles"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "circle_invitations_waiting_idx" ON "circles"."circle_invitations" USING btree ("owner_id","created_at") WHERE "circles"."circle_invitations"."accepted_by" is null and "circles"."circle_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "circle_members_member_idx" ON "circles"."circle_members" USING btree ("member_id","added_at");--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "circles"."members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "circles"."outbox" USING btree ("occurred_at") WHERE published_at is null;