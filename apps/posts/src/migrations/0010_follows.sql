CREATE TABLE "posts"."follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"following" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "posts"."follows" USING btree ("followee_id");--> statement-breakpoint
-- Issue 32: posts are announced to the notifications service as they are (post.published), so it
-- knows whose a post is, its title and its privacy. Posts made before are announced once, here,
-- through the outbox, dated the epoch so that any live word outranks this one; their `createdAt`
-- tells the consumer they are not news. The excerpt is the text's first 140 characters.
INSERT INTO "posts"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.published',
  jsonb_build_object(
    'postId', "id"::text,
    'publisherId', "publisher_id"::text,
    'title', "title",
    'excerpt', CASE WHEN char_length("flat") > 140 THEN rtrim(left("flat", 139)) || '…' ELSE "flat" END,
    'privacy', "privacy",
    'createdAt', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) || CASE WHEN "question_id" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('questionId', "question_id") END,
  timestamptz 'epoch'
FROM (
  SELECT *, btrim(regexp_replace("content_text", '\s+', ' ', 'g')) AS "flat" FROM "posts"."posts"
) AS "existing";
