-- The comments service learns which posts are private from post.privacy.changed (issue 17,
-- ASVS 8.2.2). Posts made private before that event existed are announced once, here, through
-- the outbox: the relay sends them like any other event.
INSERT INTO "posts"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'post.privacy.changed',
  jsonb_build_object('postId', "id"::text, 'publisherId', "publisher_id"::text, 'privacy', "privacy"),
  now()
FROM "posts"."posts" WHERE "privacy" = 'private';
