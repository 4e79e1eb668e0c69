CREATE TABLE "feed_messages"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "feed_messages"."outbox" USING btree ("occurred_at") WHERE published_at is null;--> statement-breakpoint
-- Issue 29, item 1: every comment is announced now (feedMessage.changed), so the reactions
-- service knows which comments exist and what each is about. Comments written before are
-- announced once, here, through the outbox (a placeholder as deleted); the reactions service
-- keeps the first word of a comment's subject and a deletion for good, so one heard twice
-- changes nothing.
INSERT INTO "feed_messages"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'feedMessage.changed',
  jsonb_build_object('messageId', "id"::text, 'subjectId', "post_id", 'deleted', "deleted"),
  now()
FROM "feed_messages"."messages";
