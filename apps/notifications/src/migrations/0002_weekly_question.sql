CREATE TABLE "notifications"."weekly_question_answers" (
	"user_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answered" boolean NOT NULL,
	"version" timestamp with time zone NOT NULL,
	CONSTRAINT "weekly_question_answers_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "notifications"."weekly_question_questions" (
	"question_id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_he" text NOT NULL,
	"prompt_en" text NOT NULL,
	"prompt_he" text NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."weekly_question_sends" (
	"user_id" uuid NOT NULL,
	"week" text NOT NULL,
	"question_id" text NOT NULL,
	"job" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	CONSTRAINT "weekly_question_sends_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
CREATE TABLE "notifications"."weekly_question_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"weekday" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"next_send_at" timestamp with time zone,
	"skipping" boolean DEFAULT false NOT NULL,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."members" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "weekly_question_sends_unqueued_idx" ON "notifications"."weekly_question_sends" USING btree ("created_at") WHERE "notifications"."weekly_question_sends"."queued_at" is null;--> statement-breakpoint
CREATE INDEX "weekly_question_due_idx" ON "notifications"."weekly_question_settings" USING btree ("next_send_at") WHERE "notifications"."weekly_question_settings"."state" = 'on';