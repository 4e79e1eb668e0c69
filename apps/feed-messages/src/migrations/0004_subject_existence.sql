CREATE TABLE "feed_messages"."unannounced_subjects" (
	"subject_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_messages"."subject_privacy" ADD COLUMN "deleted" boolean DEFAULT false NOT NULL;