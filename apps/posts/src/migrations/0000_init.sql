CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA "posts";
--> statement-breakpoint
CREATE TABLE "posts"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "posts"."post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "posts"."post_views" (
	"post_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_views_post_id_viewer_pk" PRIMARY KEY("post_id","viewer")
);
--> statement-breakpoint
CREATE TABLE "posts"."posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"publisher_id" uuid NOT NULL,
	"question_id" text,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"content_text" text NOT NULL,
	"image" text NOT NULL,
	"credit" text NOT NULL,
	"privacy" text NOT NULL,
	"destination" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"share_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_privacy_check" CHECK ("posts"."posts"."privacy" in ('public', 'private')),
	CONSTRAINT "posts_destination_check" CHECK ("posts"."posts"."destination" in ('profile', 'magazine')),
	CONSTRAINT "posts_counters_check" CHECK ("posts"."posts"."views" >= 0 and "posts"."posts"."likes" >= 0 and "posts"."posts"."share_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "posts"."publishers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"fullname" text NOT NULL,
	"profile_image" text,
	"search_name" text NOT NULL,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts"."translations" (
	"text_hash" text NOT NULL,
	"target" text NOT NULL,
	"source" text,
	"output" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_text_hash_target_pk" PRIMARY KEY("text_hash","target")
);
--> statement-breakpoint
ALTER TABLE "posts"."post_likes" ADD CONSTRAINT "post_likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "posts"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts"."post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "posts"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "posts"."outbox" USING btree ("occurred_at") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "post_likes_user_idx" ON "posts"."post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_views_viewer_idx" ON "posts"."post_views" USING btree ("viewer");--> statement-breakpoint
CREATE INDEX "posts_public_order_idx" ON "posts"."posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'public';--> statement-breakpoint
CREATE INDEX "posts_magazine_order_idx" ON "posts"."posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE privacy = 'public' and destination = 'magazine';--> statement-breakpoint
CREATE INDEX "posts_publisher_order_idx" ON "posts"."posts" USING btree ("publisher_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_question_idx" ON "posts"."posts" USING btree ("publisher_id","question_id");--> statement-breakpoint
CREATE INDEX "posts_title_trgm_idx" ON "posts"."posts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "publishers_search_trgm_idx" ON "posts"."publishers" USING gin ("search_name" gin_trgm_ops);