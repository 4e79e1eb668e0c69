-- Issue 35: the moderation service knows who is in whose circle only from circle.member.added
-- and circle.member.removed, and had heard none of the memberships made before it existed: a
-- member of a circle from before reporting one of its circle stories answered
-- REPORT_ITEM_NOT_FOUND. Every membership in force (a row of circle_members: an invitation
-- accepted, and neither removed nor left since) is announced once more, here, through the
-- outbox, as circle.member.added itself. Every subscriber only keeps it in its
-- circle_memberships (CircleMembershipStore) and tells no one, so no event of its own is needed.
-- Dated the epoch, not now(): each keeps only a strictly newer word per pair, so a service that
-- already heard of the membership keeps what it has, and a live removal outranks this one
-- whichever comes first. A pair one of whom left (a digest in removed_members: an acceptance
-- that ran while its owner was leaving can outlive the departure's delete) is not announced.
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
