CREATE TABLE "posts"."post_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_sanitizer" integer DEFAULT 0 NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"image" text,
	"credit" text DEFAULT '' NOT NULL,
	"privacy" text,
	"destination" text DEFAULT 'profile' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_drafts_privacy_check" CHECK ("posts"."post_drafts"."privacy" in ('public', 'private')),
	CONSTRAINT "post_drafts_destination_check" CHECK ("posts"."post_drafts"."destination" in ('profile', 'magazine'))
);
--> statement-breakpoint
CREATE INDEX "post_drafts_author_order_idx" ON "posts"."post_drafts" USING btree ("author_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);