CREATE TABLE "reactions"."subjects_started" (
	"started_at" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Issue 29, item 2: a post or answer never announced is refused, to read too (fillLotties, a
-- view that counts nothing). On an installation that already had subjects or reactions, the
-- posts and answers from before are announced once more (posts 0007, me-answers 0003) a moment
-- after those services start: until then (the grace from now) each is taken on trust
-- (SubjectAccess.takenOnTrust). A new installation has nothing from before, and refuses at once.
INSERT INTO "reactions"."subjects_started" ("started_at")
SELECT now()
WHERE EXISTS (SELECT 1 FROM "reactions"."subject_privacy")
   OR EXISTS (SELECT 1 FROM "reactions"."like_counts")
   OR EXISTS (SELECT 1 FROM "reactions"."view_counts")
   OR EXISTS (SELECT 1 FROM "reactions"."lottie_counts");
