-- Issue 35: the moderation service knows what can be reported only from events, and had heard
-- nothing of the comments written before it existed: reporting one answered
-- REPORT_ITEM_NOT_FOUND. Every comment is announced to it once, here, through the outbox, as
-- existingItem.announced, which the moderation service alone hears: not feedMessage.changed
-- with `comment` again, which the notifications service hears as a new comment to tell the
-- story's owner and the replied-to of. Dated the epoch, not now(): any live word about a
-- comment (an edit, its deletion) outranks this one, and a comment the moderation service
-- already knows stays as it has it. A comment is read by whoever reads its post or answer: its
-- audience and audience owner are its subject's as last announced here (subject_privacy), as a
-- new comment's announcement says them; public and its author's where the subject was never
-- announced. Not announced: placeholders (no author, no text), comments whose author left, and
-- comments about a subject deleted or whose owner left (the discussion went with its story).
-- The excerpt is the text's beginning exactly as `excerptOf` (libs/contracts excerpt.ts) makes
-- it (see posts 0017 for how).
INSERT INTO "feed_messages"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'existingItem.announced',
  jsonb_build_object(
    'kind', 'comment',
    'itemId', m."id"::text,
    'ownerId', m."author_id"::text,
    'audience', coalesce(subject."audience", 'public'),
    'audienceOwnerId', coalesce(subject."owner_id", m."author_id")::text,
    'title', NULL,
    'excerpt', CASE
      WHEN char_length(f."flat") <= 140 THEN f."flat"
      WHEN s."space" IS NOT NULL AND 5 * (s."space" + char_length(regexp_replace(
          left(r."room", s."space"), '[^\U00010000-\U0010FFFF]', '', 'g')))
        >= 4 * (char_length(r."room") + char_length(regexp_replace(
          r."room", '[^\U00010000-\U0010FFFF]', '', 'g')))
        THEN rtrim(left(r."room", s."space"), ' ') || '…'
      ELSE rtrim(r."room", ' ') || '…'
    END,
    'subjectId', m."post_id",
    'questionId', NULL
  ),
  timestamptz 'epoch'
FROM "feed_messages"."messages" m
LEFT JOIN "feed_messages"."subject_privacy" subject ON subject."subject_id" = m."post_id"
CROSS JOIN LATERAL (
  SELECT btrim(regexp_replace(m."text",
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'),
    ' ') AS "flat"
) f
CROSS JOIN LATERAL (SELECT left(f."flat", 139) AS "room") r
-- The last space's place in the room, in characters before it (none: null).
CROSS JOIN LATERAL (
  SELECT CASE WHEN strpos(r."room", ' ') = 0 THEN NULL
    ELSE char_length(r."room") - strpos(reverse(r."room"), ' ') END AS "space"
) s
WHERE NOT m."deleted" AND m."author_id" IS NOT NULL
  AND (subject."subject_id" IS NULL OR NOT subject."deleted")
  AND NOT EXISTS (
    SELECT 1 FROM "feed_messages"."removed_members" gone
    WHERE gone."member_key" IN (
      encode(sha256(convert_to('mepedia:removed-member:' || m."author_id"::text, 'UTF8')), 'hex'),
      encode(sha256(convert_to(
        'mepedia:removed-member:' || coalesce(subject."owner_id", m."author_id")::text, 'UTF8')),
        'hex'))
  );
