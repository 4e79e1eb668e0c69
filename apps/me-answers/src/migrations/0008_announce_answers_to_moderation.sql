-- Issue 35: the moderation service knows what can be reported only from events, and had heard
-- nothing of the answers saved before it existed: reporting one answered REPORT_ITEM_NOT_FOUND.
-- Every saved answer (one with a live text: what meAnswer.privacy.changed is sent for) is
-- announced to it once, here, through the outbox, as existingItem.announced, which the
-- moderation service alone hears; with what it keeps from meAnswer.privacy.changed: the
-- answer's audience, its question and the question's title in both languages. Dated the epoch,
-- not now(): any live word about an answer outranks this one, and an answer the moderation
-- service already knows stays as it has it. An answer whose member left (a digest in
-- removed_members) is not announced. Its magazine post is announced by the posts service
-- (posts 0017), with the same question.
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'existingItem.announced',
  jsonb_build_object(
    'kind', 'answer',
    'itemId', a."id"::text,
    'ownerId', a."user_id"::text,
    'audience', a."privacy",
    'audienceOwnerId', a."user_id"::text,
    'title', q."title_en" || ' / ' || q."title_he",
    'excerpt', NULL,
    'subjectId', NULL,
    'questionId', a."question_id"
  ),
  timestamptz 'epoch'
FROM "me_answers"."answers" a
JOIN "me_answers"."questions" q ON q."question_id" = a."question_id"
WHERE a."live" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "me_answers"."removed_members" gone
    WHERE gone."member_key" = encode(sha256(convert_to(
      'mepedia:removed-member:' || a."user_id"::text, 'UTF8')), 'hex')
  );
