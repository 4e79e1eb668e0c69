-- Issue 32: the notifications service's weekly question sends a member their own private
-- questions that have no answer yet, once the questionnaire is done. From now on every change
-- announces them (privateQuestions.changed); the questions written before are announced once
-- here, through the outbox, for each member who has an unanswered one (a member with none is
-- what the notifications service assumes already). Dated the epoch and with the member's
-- revision as it stands: any live change after the deploy has a higher revision and outranks it.
-- Answered: the live version has some text that is not blank (as hasText in the contracts).
INSERT INTO "private_questions"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'privateQuestions.changed',
  jsonb_build_object(
    'userId', m."user_id"::text,
    'revision', m."revision",
    'unanswered', open."questions"
  ),
  timestamptz 'epoch'
FROM "private_questions"."members" AS m
CROSS JOIN LATERAL (
  SELECT jsonb_agg(
    jsonb_build_object(
      'questionId', q."id"::text,
      'index', q."question_index",
      'title', q."title",
      'subQuestions', (
        SELECT coalesce(jsonb_agg(sub."value" ->> 'title' ORDER BY sub."position"), '[]'::jsonb)
        FROM jsonb_array_elements(q."sub_questions") WITH ORDINALITY AS sub("value", "position")
      )
    )
    ORDER BY q."question_index"
  ) AS "questions"
  FROM "private_questions"."questions" AS q
  WHERE q."owner_id" = m."user_id"
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_each_text(coalesce(q."live", '{}'::jsonb)) AS text_of("key", "value")
      WHERE text_of."value" ~ '[^[:space:]]'
    )
) AS open
WHERE open."questions" IS NOT NULL;
