-- Issue 36: the search service indexes what the owners announce (searchable.changed, heard by
-- it alone), and had heard nothing of the answers saved before it. Every private question whose
-- saved answer has text is announced once, here, through the outbox, as the service announces
-- one with each change (private-questions.searchable.ts): its audience, its title, and its text
-- as `answerText` makes it (libs/contracts answers.ts: the sub-answers in the question's order,
-- each trimmed of ASCII blanks, the empty ones left out, joined by a line break; `\x0b`, not
-- `\v`, which PostgreSQL reads as the letter v). `createdAt` is when it was first answered
-- (0004). Dated the epoch, not now(): any live word about an answer outranks this one. Not
-- announced: a question without an answer, or with blanks alone; one whose member left (a
-- digest in removed_members).
INSERT INTO "private_questions"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'searchable.changed',
  jsonb_build_object(
    'kind', 'privateAnswer',
    'id', q."id"::text,
    'ownerId', q."owner_id"::text,
    'audience', q."privacy",
    'title', q."title",
    'text', written."text",
    'questionId', q."id"::text,
    'createdAt', to_char(
      coalesce(q."answered_at", q."answer_updated_at") AT TIME ZONE 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'
    ),
    'deleted', false
  ),
  timestamptz 'epoch'
FROM "private_questions"."questions" q
CROSS JOIN LATERAL (
  SELECT coalesce(string_agg(part."text", E'\n' ORDER BY part."position"), '') AS "text"
  FROM (
    SELECT sub."position", btrim(q."live" ->> (sub."value" ->> 'id'), E' \t\n\r\f\x0b') AS "text"
    FROM jsonb_array_elements(q."sub_questions") WITH ORDINALITY AS sub("value", "position")
  ) part
  WHERE part."text" <> ''
) written
WHERE q."live" IS NOT NULL
  AND written."text" <> ''
  AND NOT EXISTS (
    SELECT 1 FROM "private_questions"."removed_members" gone
    WHERE gone."member_key" = encode(sha256(convert_to(
      'mepedia:removed-member:' || q."owner_id"::text, 'UTF8')), 'hex')
  );
