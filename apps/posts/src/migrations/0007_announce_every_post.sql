-- Issue 29: every post is announced now, public ones too (post.privacy.changed), so the comments
-- and reactions services know which posts exist, whose they are and which are private. Posts
-- made before are announced once more, here, through the outbox: consumers keep the latest word
-- per post, so one heard twice changes nothing. Each is dated the epoch, not now(): a consumer
-- keeps only a strictly newer word, and the app's own announcements (a privacy change just after
-- the deploy) must outrank this one whatever clock dated them; a consumer that already heard a
-- live word keeps it.
INSERT INTO "posts"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.privacy.changed',
  jsonb_build_object('postId', "id"::text, 'publisherId', "publisher_id"::text, 'privacy', "privacy"),
  timestamptz 'epoch'
FROM "posts"."posts";
