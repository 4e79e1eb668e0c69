-- Issue 35: the me-answers service announces once more every answer that is in the magazine
-- (meAnswer.published, dated the epoch), so that the posts made before `me_answer_id` was kept
-- learn which answer they were made from and follow its moderation. Such an old word must never
-- change a post: it loses to the newest me-answers word applied per member and question
-- (me_answer_events). Answers' posts made before that guard existed (0004) have none: each is
-- given its own last change as its guard here, so the old word only tells the post its answer.
INSERT INTO "posts"."me_answer_events" ("publisher_id", "question_id", "occurred_at")
SELECT "publisher_id", "question_id", "updated_at"
FROM "posts"."posts" WHERE "question_id" IS NOT NULL
ON CONFLICT DO NOTHING;
