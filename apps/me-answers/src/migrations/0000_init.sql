CREATE SCHEMA "me_answers";
--> statement-breakpoint
CREATE TABLE "me_answers"."answer_views" (
	"answer_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_views_answer_id_viewer_pk" PRIMARY KEY("answer_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "me_answers"."answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"draft" jsonb NOT NULL,
	"live" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"privacy" text DEFAULT 'public' NOT NULL,
	"published_as_post" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_user_question_key" UNIQUE("user_id","question_id"),
	CONSTRAINT "answers_privacy_check" CHECK ("me_answers"."answers"."privacy" in ('public', 'private')),
	CONSTRAINT "answers_views_check" CHECK ("me_answers"."answers"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "me_answers"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "me_answers"."questions" (
	"question_id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_he" text NOT NULL,
	"prompt_en" text NOT NULL,
	"prompt_he" text NOT NULL,
	CONSTRAINT "questions_position_key" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "me_answers"."sub_questions" (
	"sub_question_id" text PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"position" integer NOT NULL,
	"text_en" text NOT NULL,
	"text_he" text NOT NULL,
	CONSTRAINT "sub_questions_position_key" UNIQUE("question_id","position")
);
--> statement-breakpoint
ALTER TABLE "me_answers"."answer_views" ADD CONSTRAINT "answer_views_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "me_answers"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "me_answers"."answers" ADD CONSTRAINT "answers_question_id_questions_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "me_answers"."questions"("question_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "me_answers"."sub_questions" ADD CONSTRAINT "sub_questions_question_id_questions_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "me_answers"."questions"("question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_views_viewer_idx" ON "me_answers"."answer_views" USING btree ("viewer");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "me_answers"."outbox" USING btree ("occurred_at") WHERE published_at is null;