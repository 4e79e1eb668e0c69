-- Issue 29: a post has one like state and one view count, this service's; `userLikes` and
-- `userViews` (the reactions service) keep the same from post.like.changed and post.viewed.
-- Likes given before are announced once, here, through the outbox; the reactions service sets
-- each (one already there changes nothing).
INSERT INTO "posts"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.like.changed',
  jsonb_build_object('postId', "post_id"::text, 'userId', "user_id"::text, 'liked', true),
  now()
FROM "posts"."post_likes";
--> statement-breakpoint
-- And every viewer counted on a post (post.viewed), which userViews counts the same.
INSERT INTO "posts"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.viewed',
  jsonb_build_object('postId', "post_id"::text, 'viewer', "viewer"),
  now()
FROM "posts"."post_views";
