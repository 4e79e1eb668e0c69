CREATE TABLE "feed_messages"."subjects_started" (
	"started_at" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Issue 29, item 2: a discussion of a post or answer never announced is refused, to read too.
-- On an installation that already had discussions, the posts and answers from before are
-- announced once more (posts 0007, me-answers 0003) a moment after those services start: until
-- then (the grace from now) each is taken on trust (SubjectAccess.takenOnTrust). A new
-- installation has nothing from before, and refuses at once.
INSERT INTO "feed_messages"."subjects_started" ("started_at")
SELECT now()
WHERE EXISTS (SELECT 1 FROM "feed_messages"."messages")
   OR EXISTS (SELECT 1 FROM "feed_messages"."subject_privacy");
