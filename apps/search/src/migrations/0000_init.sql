CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA "search";
--> statement-breakpoint
CREATE TABLE "search"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "search"."documents" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"moderation_state" text DEFAULT 'visible' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"question_title_en" text,
	"question_title_he" text,
	"body" text NOT NULL,
	"question_id" text,
	"image" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"folded_name" text,
	"terms" "tsvector",
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_kind_id_pk" PRIMARY KEY("kind","id"),
	CONSTRAINT "documents_kind_check" CHECK ("search"."documents"."kind" in ('post', 'answer', 'privateAnswer', 'person')),
	CONSTRAINT "documents_audience_check" CHECK ("search"."documents"."audience" in ('private', 'circle', 'members', 'public')),
	CONSTRAINT "documents_moderation_state_check" CHECK ("search"."documents"."moderation_state" in ('visible', 'held', 'removed')),
	CONSTRAINT "documents_language_check" CHECK ("search"."documents"."language" in ('en', 'he'))
);
--> statement-breakpoint
CREATE TABLE "search"."member_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_blocks_blocker_id_blocked_id_kind_pk" PRIMARY KEY("blocker_id","blocked_id","kind")
);
--> statement-breakpoint
CREATE TABLE "search"."moderated_items" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"state" text NOT NULL,
	"case_id" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderated_items_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "moderated_items_kind_check" CHECK ("search"."moderated_items"."kind" in ('post', 'answer', 'comment', 'profile')),
	CONSTRAINT "moderated_items_state_check" CHECK ("search"."moderated_items"."state" in ('visible', 'held', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "search"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "search"."circle_memberships" USING btree ("member_id","owner_id") WHERE "search"."circle_memberships"."in_circle";--> statement-breakpoint
CREATE INDEX "documents_terms_idx" ON "search"."documents" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "documents_created_idx" ON "search"."documents" USING btree ("created_at" DESC NULLS LAST,"kind","id");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "search"."documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "documents_folded_name_trgm_idx" ON "search"."documents" USING gin ("folded_name" gin_trgm_ops) WHERE "search"."documents"."folded_name" is not null;--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "search"."member_blocks" USING btree ("blocked_id","blocker_id") WHERE "search"."member_blocks"."active" and "search"."member_blocks"."kind" = 'block';--> statement-breakpoint
CREATE INDEX "moderated_items_owner_idx" ON "search"."moderated_items" USING btree ("owner_id");