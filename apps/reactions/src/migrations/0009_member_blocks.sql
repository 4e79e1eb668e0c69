CREATE TABLE "reactions"."member_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_blocks_blocker_id_blocked_id_kind_pk" PRIMARY KEY("blocker_id","blocked_id","kind")
);
--> statement-breakpoint
ALTER TABLE "reactions"."comment_subjects" ADD COLUMN "author_id" uuid;--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "reactions"."member_blocks" USING btree ("blocked_id","blocker_id") WHERE "reactions"."member_blocks"."active" and "reactions"."member_blocks"."kind" = 'block';--> statement-breakpoint
CREATE INDEX "comment_subjects_author_idx" ON "reactions"."comment_subjects" USING btree ("author_id");