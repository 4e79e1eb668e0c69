-- Issue 36: the search service indexes what the owners announce (searchable.changed, heard by
-- it alone), and had heard nothing of the answers saved before it. Every answer with live text
-- is announced once, here, through the outbox, as the service announces one with each save
-- (me-answers.searchable.ts): its audience, its question's title (in English: the language of
-- the member's last save is not kept here) and in both languages, and its text as `answerText`
-- makes it (libs/contracts answers.ts: the sub-answers in the question's order, each trimmed of
-- ASCII blanks, the empty ones left out, joined by a line break; `\x0b`, not `\v`, which
-- PostgreSQL reads as the letter v). `createdAt` is when the answer's row was made, as the
-- service says. Dated the epoch, not now(): any live word about an answer outranks this one.
-- Not announced: a draft, an answer without text, an answer whose member left (a digest in
-- removed_members). An answer moderation holds or removed carries that word (`withheld`), which
-- the search service, younger than it, never heard: it is its owner's alone there from the
-- start, until the moderation service says otherwise.
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'searchable.changed',
  jsonb_build_object(
    'kind', 'answer',
    'id', a."id"::text,
    'ownerId', a."user_id"::text,
    'audience', a."privacy",
    'title', q."title_en",
    'questionTitle', jsonb_build_object('en', q."title_en", 'he', q."title_he"),
    'text', written."text",
    'questionId', a."question_id",
    'createdAt', to_char(a."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'deleted', false
  ) || CASE WHEN a."moderation_state" IN ('held', 'removed') THEN jsonb_build_object(
    'withheld', jsonb_build_object('state', a."moderation_state",
      'caseId', coalesce(a."moderation_case_id", ''))) ELSE '{}'::jsonb END,
  timestamptz 'epoch'
FROM "me_answers"."answers" a
JOIN "me_answers"."questions" q ON q."question_id" = a."question_id"
CROSS JOIN LATERAL (
  SELECT coalesce(string_agg(part."text", E'\n' ORDER BY part."position"), '') AS "text"
  FROM (
    SELECT s."position", btrim(a."live" ->> s."sub_question_id", E' \t\n\r\f\x0b') AS "text"
    FROM "me_answers"."sub_questions" s
    WHERE s."question_id" = a."question_id"
  ) part
  WHERE part."text" <> ''
) written
WHERE a."live" IS NOT NULL
  AND written."text" <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "me_answers"."removed_members" gone
    WHERE gone."member_key" = encode(sha256(convert_to(
      'mepedia:removed-member:' || a."user_id"::text, 'UTF8')), 'hex')
  );
