-- Issue 36: the search service keeps members who block each other out of each other's results,
-- and what moderation holds or removed out of everyone's but its owner's, from its own copies of
-- member.block.changed and moderation.item.changed; it had heard none of the words said before
-- it existed. Each block in force, and each item moderation holds or removed now (with the case
-- that last decided it), is announced once more, here, through the outbox, as those events
-- themselves. Dated the epoch, not now(): every subscriber keeps only a strictly newer word per
-- pair or item, so those that heard them keep what they have (nobody is told anything again),
-- and any live word outranks these whichever comes first. Nothing about a member who left
-- (their rows went with their departure).
INSERT INTO "moderation"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'member.block.changed',
  jsonb_build_object('blockerId', b."blocker_id"::text, 'blockedId', b."blocked_id"::text,
    'kind', b."kind", 'active', true),
  timestamptz 'epoch'
FROM "moderation"."member_blocks" b
WHERE b."active" AND b."kind" = 'block';
--> statement-breakpoint
INSERT INTO "moderation"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'moderation.item.changed',
  jsonb_build_object('kind', i."kind", 'itemId', i."item_id", 'ownerId', i."owner_id"::text,
    'state', i."state", 'caseId', decided."id"),
  timestamptz 'epoch'
FROM "moderation"."items" i
CROSS JOIN LATERAL (
  SELECT c."id" FROM "moderation"."cases" c
  WHERE c."kind" = i."kind" AND c."item_id" = i."item_id"
  ORDER BY c."opened_at" DESC LIMIT 1
) decided
WHERE i."state" IN ('held', 'removed') AND NOT i."deleted";
