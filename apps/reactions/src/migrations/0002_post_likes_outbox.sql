CREATE TABLE "reactions"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "reactions"."outbox" USING btree ("occurred_at") WHERE published_at is null;--> statement-breakpoint
-- Issue 29: a post has one like state, the posts service's. Likes given to posts through
-- userLikes/toggleLike before were kept here alone: each is handed to the posts service once,
-- which applies it (a like already there changes nothing) and announces the post's likes back.
INSERT INTO "reactions"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.like.requested',
  jsonb_build_object('postId', "object_id", 'userId', "user_id"::text, 'liked', true),
  now()
FROM "reactions"."likes" WHERE "collection" = 'posts';
--> statement-breakpoint
-- The same for views of posts counted through userViews/toggleView: the posts service counts
-- each viewer once (one counted there already changes nothing).
INSERT INTO "reactions"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.view.requested',
  jsonb_build_object('postId', "object_id", 'viewer', "viewer"),
  now()
FROM "reactions"."views" WHERE "collection" = 'posts' AND "property" = 'views';
