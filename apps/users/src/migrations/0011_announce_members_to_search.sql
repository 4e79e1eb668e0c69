-- Issue 36: the search service finds members by name, motto and about from searchable.changed
-- (kind person), which the users service sends with every change that alters it. Members
-- verified before that service existed are announced to it once, here, through the outbox, as
-- searchablePerson (searchable.ts) describes them: their full name; motto and about, each on a
-- line (neither: empty); the cropped picture, else the whole one; public while the people
-- directory lists them (a public answer), otherwise private; when the profile went public, or
-- the account was made while it never has, in JavaScript's ISO form (milliseconds, UTC). An
-- account still being verified is nobody's to find. A profile moderation holds or removed says
-- so (`withheld`, the word the search service, younger than moderation, never heard): found by
-- its member alone there from the start. Dated the epoch: any live word about a member outranks
-- this one, and only the search service hears it.
INSERT INTO "users"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'searchable.changed',
  jsonb_build_object(
    'kind', 'person',
    'id', "id"::text,
    'ownerId', "id"::text,
    'audience', CASE WHEN "published_answers" > 0 THEN 'public' ELSE 'private' END,
    'title', "firstname" || ' ' || "lastname",
    'text', concat_ws(E'\n', nullif("moto", ''), nullif("about_me", '')),
    'image', coalesce("cropped_profile_image", "profile_image"),
    'createdAt', to_char(coalesce("published_at", "created_at") AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deleted', false
  ) || CASE WHEN "moderation_state" IN ('held', 'removed') THEN jsonb_build_object(
    'withheld', jsonb_build_object('state', "moderation_state",
      'caseId', coalesce("moderation_case_id", ''))) ELSE '{}'::jsonb END,
  timestamptz 'epoch'
FROM "users"."users"
WHERE "email_verified_at" IS NOT NULL;
