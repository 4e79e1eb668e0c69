-- Issue 29: every saved answer is announced now, public ones too (meAnswer.privacy.changed), so
-- the comments and reactions services know which answers exist, whose they are and which are
-- private. Answers saved before are announced once more, here, through the outbox: consumers
-- keep the latest word per answer, so one heard twice changes nothing. Each is dated the epoch,
-- not now(): a consumer keeps only a strictly newer word, and the app's own announcements (a
-- privacy change just after the deploy) must outrank this one whatever clock dated them; a
-- consumer that already heard a live word keeps it.
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'meAnswer.privacy.changed',
  jsonb_build_object('meAnswerId', "id"::text, 'userId', "user_id"::text, 'privacy', "privacy"),
  timestamptz 'epoch'
FROM "me_answers"."answers" WHERE "live" IS NOT NULL;
