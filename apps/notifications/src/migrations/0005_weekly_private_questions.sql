CREATE TABLE "notifications"."weekly_question_private_lists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."weekly_question_private_questions" (
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"sub_questions" jsonb NOT NULL,
	CONSTRAINT "weekly_question_private_questions_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
