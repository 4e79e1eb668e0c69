CREATE TABLE "posts"."me_answer_events" (
	"publisher_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "me_answer_events_publisher_id_question_id_pk" PRIMARY KEY("publisher_id","question_id")
);
--> statement-breakpoint
DROP INDEX "posts"."posts_question_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "posts_question_idx" ON "posts"."posts" USING btree ("publisher_id","question_id") WHERE question_id is not null;