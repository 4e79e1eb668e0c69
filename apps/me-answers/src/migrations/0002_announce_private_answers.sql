-- The comments service learns which me answers are private from meAnswer.privacy.changed
-- (issue 17, ASVS 8.2.2). Answers made private before that event existed are announced once,
-- here, through the outbox: the relay sends them like any other event.
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'meAnswer.privacy.changed',
  jsonb_build_object('meAnswerId', "id"::text, 'userId', "user_id"::text, 'privacy', "privacy"),
  now()
FROM "me_answers"."answers" WHERE "privacy" = 'private';
