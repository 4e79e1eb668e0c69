-- Issue 35: the moderation service knows what can be reported only from events, and had heard
-- nothing of the posts made before it existed: reporting one answered REPORT_ITEM_NOT_FOUND.
-- Every post is announced to it once, here, through the outbox, as existingItem.announced (its
-- subscriber is the moderation service alone): not post.published again, which the
-- notifications service hears as a story to tell followers of. Dated the epoch, not now(): any
-- live word about a post outranks this one, and a post the moderation service already knows
-- stays as it has it. A post whose publisher left (a digest in removed_members) is not
-- announced. The excerpt is the text's beginning exactly as `excerptOf` (libs/contracts
-- excerpt.ts) makes it: runs of JavaScript's white space (`\s`) become one space, the ends
-- trimmed; longer than 140 characters (code points), it is cut to 139 and then at the last
-- space when that space lies in the last fifth (in UTF-16 units, as JavaScript measures it: a
-- character beyond U+FFFF counts twice), and ends with an ellipsis.
INSERT INTO "posts"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'existingItem.announced',
  jsonb_build_object(
    'kind', 'post',
    'itemId', p."id"::text,
    'ownerId', p."publisher_id"::text,
    'audience', p."privacy",
    'audienceOwnerId', p."publisher_id"::text,
    'title', p."title",
    'excerpt', CASE
      WHEN char_length(f."flat") <= 140 THEN f."flat"
      WHEN s."space" IS NOT NULL AND 5 * (s."space" + char_length(regexp_replace(
          left(r."room", s."space"), '[^\U00010000-\U0010FFFF]', '', 'g')))
        >= 4 * (char_length(r."room") + char_length(regexp_replace(
          r."room", '[^\U00010000-\U0010FFFF]', '', 'g')))
        THEN rtrim(left(r."room", s."space"), ' ') || '…'
      ELSE rtrim(r."room", ' ') || '…'
    END,
    'subjectId', NULL,
    'questionId', p."question_id"
  ),
  timestamptz 'epoch'
FROM "posts"."posts" p
CROSS JOIN LATERAL (
  SELECT btrim(regexp_replace(p."content_text",
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g'),
    ' ') AS "flat"
) f
CROSS JOIN LATERAL (SELECT left(f."flat", 139) AS "room") r
-- The last space's place in the room, in characters before it (none: null).
CROSS JOIN LATERAL (
  SELECT CASE WHEN strpos(r."room", ' ') = 0 THEN NULL
    ELSE char_length(r."room") - strpos(reverse(r."room"), ' ') END AS "space"
) s
WHERE NOT EXISTS (
  SELECT 1 FROM "posts"."removed_members" gone
  WHERE gone."member_key" = encode(sha256(convert_to(
    'mepedia:removed-member:' || p."publisher_id"::text, 'UTF8')), 'hex')
);
