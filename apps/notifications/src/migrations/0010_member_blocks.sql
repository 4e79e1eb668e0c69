CREATE TABLE "notifications"."member_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_blocks_blocker_id_blocked_id_kind_pk" PRIMARY KEY("blocker_id","blocked_id","kind")
);
--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "notifications"."member_blocks" USING btree ("blocked_id","blocker_id") WHERE "notifications"."member_blocks"."active" and "notifications"."member_blocks"."kind" = 'block';