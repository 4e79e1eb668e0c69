CREATE TABLE "private_questions"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "private_questions"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "private_questions"."questions" ADD COLUMN "privacy" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "private_questions"."circle_memberships" USING btree ("member_id","owner_id") WHERE "private_questions"."circle_memberships"."in_circle";--> statement-breakpoint
ALTER TABLE "private_questions"."questions" ADD CONSTRAINT "questions_privacy_check" CHECK ("private_questions"."questions"."privacy" in ('private', 'circle', 'members', 'public'));