CREATE TABLE "me_answers"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "me_answers"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "me_answers"."answers" DROP CONSTRAINT "answers_privacy_check";--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "me_answers"."circle_memberships" USING btree ("member_id","owner_id") WHERE "me_answers"."circle_memberships"."in_circle";--> statement-breakpoint
ALTER TABLE "me_answers"."answers" ADD CONSTRAINT "answers_privacy_check" CHECK ("me_answers"."answers"."privacy" in ('public', 'private', 'circle', 'members'));