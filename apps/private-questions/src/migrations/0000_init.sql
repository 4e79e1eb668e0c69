CREATE SCHEMA "private_questions";
--> statement-breakpoint
CREATE TABLE "private_questions"."members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_questions"."questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"question_index" integer NOT NULL,
	"title" text NOT NULL,
	"sub_questions" jsonb NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"live" jsonb,
	"answer_version" integer DEFAULT 0 NOT NULL,
	"answer_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_answer_version_check" CHECK ("private_questions"."questions"."answer_version" >= 0),
	CONSTRAINT "questions_sub_questions_check" CHECK (jsonb_typeof("private_questions"."questions"."sub_questions") = 'array')
);
--> statement-breakpoint
ALTER TABLE "private_questions"."questions" ADD CONSTRAINT "questions_owner_id_members_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "private_questions"."members"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questions_owner_index_idx" ON "private_questions"."questions" USING btree ("owner_id","question_index");