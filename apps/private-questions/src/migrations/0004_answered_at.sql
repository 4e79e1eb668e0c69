ALTER TABLE "private_questions"."questions" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
-- Issue 36: when an answer was first saved with text was not kept. For the answers saved before,
-- the nearest date kept: their last change (a later draft or edit may have moved it on, never
-- back). Text as `answerText` (libs/contracts answers.ts) reads it: some sub-answer that is not
-- ASCII blanks alone (`\x0b`, not `\v`, which PostgreSQL reads as the letter v).
UPDATE "private_questions"."questions" q
SET "answered_at" = q."answer_updated_at"
WHERE EXISTS (
  SELECT 1 FROM jsonb_each_text(coalesce(q."live", '{}'::jsonb)) AS text_of("key", "value")
  WHERE btrim(text_of."value", E' \t\n\r\f\x0b') <> ''
);
