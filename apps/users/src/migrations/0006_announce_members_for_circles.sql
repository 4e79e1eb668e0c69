-- Issue 34: the circles service keeps the members who may invite and join from user.updated,
-- with their address (an invitation sent to an address is for the account with that address).
-- Members verified before that service existed are announced once more, here, through the
-- outbox. Dated the epoch like 0004 and 0005: a live change after the deploy outranks it, and a
-- consumer that already heard of the member keeps what it has.
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
