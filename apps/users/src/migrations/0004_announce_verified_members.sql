-- Issue 32: the notifications service keeps the members who may be followed from user.updated,
-- which the users service sends when a member finishes verification and on every later change.
-- Members verified before that service existed are announced once more, here, through the
-- outbox. Each is dated the epoch, not now(): consumers keep only a strictly newer word (the
-- posts service's publishers too), so a live change just after the deploy outranks this one,
-- and a consumer that already heard of the member keeps what it has.
INSERT INTO "users"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'user.updated',
  jsonb_build_object(
    'userId', "id"::text,
    'firstname', "firstname",
    'lastname', "lastname",
    'fullname', "firstname" || ' ' || "lastname",
    'language', "language",
    'profileImage', coalesce("cropped_profile_image", "profile_image")
  ),
  timestamptz 'epoch'
FROM "users"."users"
WHERE "email_verified_at" IS NOT NULL;
