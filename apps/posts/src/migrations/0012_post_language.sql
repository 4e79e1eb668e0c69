-- Each story's language, worked out by the database from its title and text (a generated
-- column): adding it computes it for every existing post (the backfill), and every later write
-- of a title or text computes it again. The magazine reads one language's stories, then the
-- other's, each part in its own order, from the index below.
ALTER TABLE "posts"."posts" ADD COLUMN "language" text GENERATED ALWAYS AS (case when length(regexp_replace(title || ' ' || content_text, '[^\u0590-\u05FF]', '', 'g')) > length(regexp_replace(title || ' ' || content_text, '[^A-Za-z\u00C0-\u024F]', '', 'g')) then 'he' else 'en' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_magazine_language_order_idx" ON "posts"."posts" USING btree ("language","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'public' and destination = 'magazine';