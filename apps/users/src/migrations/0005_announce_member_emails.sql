-- Issue 32: user.updated carries the member's email address from now on, for the notifications
-- service, which sends what a member asked for by email (the weekly question). Members verified
-- before are announced once more, here, with their address, through the outbox. Dated the
-- epoch like 0004: a live change after the deploy outranks it; a consumer that already holds a
-- newer word keeps it and takes only the address it did not have.
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
