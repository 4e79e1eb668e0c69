CREATE TABLE "feed_messages"."subject_privacy" (
	"subject_id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"private" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subject_privacy_owner_idx" ON "feed_messages"."subject_privacy" USING btree ("owner_id");