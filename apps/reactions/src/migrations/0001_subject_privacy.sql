CREATE TABLE "reactions"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions"."subject_privacy" (
	"subject_id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"private" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions"."unannounced_subjects" (
	"collection" text NOT NULL,
	"subject_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subject_privacy_owner_idx" ON "reactions"."subject_privacy" USING btree ("owner_id");