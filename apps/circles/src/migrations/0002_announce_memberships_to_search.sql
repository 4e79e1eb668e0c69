-- Issue 36: the search service decides who finds a member's circle stories from its own copy of
-- the memberships (circle.member.added and circle.member.removed), and had heard none of those
-- made before it existed: a member of a circle from before would not find its circle stories.
-- Every membership in force is announced once more, here, as 0001 did for the moderation
-- service, and for the same reasons the same way: circle.member.added itself, dated the epoch
-- (every subscriber keeps only a strictly newer word per pair, so those that heard it keep what
-- they have, and a live removal outranks this one whichever comes first), never a pair one of
-- whom left.
INSERT INTO "circles"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'circle.member.added',
  jsonb_build_object('ownerId', m."owner_id"::text, 'memberId', m."member_id"::text),
  timestamptz 'epoch'
FROM "circles"."circle_members" m
WHERE NOT EXISTS (
  SELECT 1 FROM "circles"."removed_members" gone
  WHERE gone."member_key" IN (
    encode(sha256(convert_to('mepedia:removed-member:' || m."owner_id"::text, 'UTF8')), 'hex'),
    encode(sha256(convert_to('mepedia:removed-member:' || m."member_id"::text, 'UTF8')), 'hex'))
);
