-- Issue 32: the notifications service sends members the next question they have not answered,
-- and keeps what it needs from events, never from this schema. Here, through the outbox:
-- the questionnaire as it now is (questionnaire.changed, dated now: a later change of the
-- questionnaire is announced by its own migration, later still), and whether each member has
-- answered each question they wrote something for (meAnswer.answered, sent by every save from
-- now on). The answers are dated the epoch, not now(): consumers keep only a strictly newer
-- word, so a save just after the deploy outranks this one.
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'questionnaire.changed',
  jsonb_build_object('questions', coalesce(jsonb_agg(jsonb_build_object(
    'questionId', "question_id",
    'index', "position",
    'title', jsonb_build_object('en', "title_en", 'he', "title_he"),
    'prompt', jsonb_build_object('en', "prompt_en", 'he', "prompt_he")
  ) ORDER BY "position"), '[]'::jsonb)),
  now()
FROM "me_answers"."questions" WHERE "position" > 0;
--> statement-breakpoint
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'meAnswer.answered',
  jsonb_build_object(
    'userId', "user_id"::text,
    'questionId', "question_id",
    'answered', EXISTS (SELECT 1 FROM jsonb_each_text("live") AS "part" WHERE "part"."value" ~ '\S')
  ),
  timestamptz 'epoch'
FROM "me_answers"."answers" WHERE "live" IS NOT NULL;
