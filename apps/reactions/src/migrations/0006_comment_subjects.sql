-- Issue 29, item 1: comments (collection feedMessages) and what each is about, as the
-- feed-messages service announces them (feedMessage.changed; those from before by its migration
-- 0006_comments_outbox, a moment after it starts).
CREATE TABLE "reactions"."comment_subjects" (
	"comment_id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Until those announcements arrive, reactions on comments from before are taken on trust for the
-- grace from now (SubjectAccess.takenOnTrust: the latest rollout counts), where there are any.
INSERT INTO "reactions"."subjects_started" ("started_at")
SELECT now()
WHERE EXISTS (SELECT 1 FROM "reactions"."like_counts" WHERE "collection" = 'feedMessages')
   OR EXISTS (SELECT 1 FROM "reactions"."view_counts" WHERE "collection" = 'feedMessages')
   OR EXISTS (SELECT 1 FROM "reactions"."lottie_counts" WHERE "collection" = 'feedMessages')
ON CONFLICT DO NOTHING;
