CREATE TABLE "posts"."search_backlog" (
	"post_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Issue 36: the search service indexes members' posts from searchable.changed, which carries a
-- post's text as plain text (sanitize.ts plainTextOf). Posts written before it are announced to
-- it once, and not here: SQL would need a second copy of how HTML becomes text. This lists them;
-- after the migrations, search-backlog.ts announces each with the same function as a live change
-- (posts.app.ts afterMigrations), dated the epoch, and takes it off the list in that transaction.
-- A member's posts only: not a questionnaire answer's magazine post (the me-answers service
-- announces the answer, its story), and none whose publisher left (a digest in removed_members).
-- Drafts are never in the posts table.
INSERT INTO "posts"."search_backlog" ("post_id")
SELECT p."id" FROM "posts"."posts" p
WHERE p."question_id" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "posts"."removed_members" gone
    WHERE gone."member_key" = encode(sha256(convert_to(
      'mepedia:removed-member:' || p."publisher_id"::text, 'UTF8')), 'hex')
  );
