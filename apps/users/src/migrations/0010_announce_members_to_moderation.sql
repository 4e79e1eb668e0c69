-- Issue 35: the moderation service keeps every member's profile as an item that can be reported,
-- and their name, language and address (for the statement of reasons a decision sends them),
-- from user.updated. Members verified before that service existed are announced once more,
-- here, through the outbox, as 0004 to 0006 did for the services before it. Dated the epoch:
-- every subscriber (posts, notifications, circles, moderation) keeps only a strictly newer word
-- per member, so a live change after the deploy outranks this one, a subscriber that already
-- heard of the member keeps what it has, and none of them tells anyone anything of it.
INSERT INTO "users"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'user.updated',
  jsonb_build_object(
    'userId', "id"::text,
    'firstname', "firstname",
    'lastname', "lastname",
    'fullname', "firstname" || ' ' || "lastname",
    'language', "language",
    'profileImage', coalesce("cropped_profile_image", "profile_image"),
    'email', "email"
  ),
  timestamptz 'epoch'
FROM "users"."users"
WHERE "email_verified_at" IS NOT NULL;
