CREATE SCHEMA "moderation";
--> statement-breakpoint
CREATE TABLE "moderation"."appeals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"decision_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"words" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"statement" text,
	CONSTRAINT "appeals_decision_id_unique" UNIQUE("decision_id")
);
--> statement-breakpoint
CREATE TABLE "moderation"."audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"case_id" uuid,
	"target_id" text,
	"details" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."cases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"auto_held" boolean DEFAULT false NOT NULL,
	"first_decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "moderation"."decisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"case_id" uuid,
	"kind" text,
	"item_id" text,
	"owner_id" uuid NOT NULL,
	"action" text NOT NULL,
	"rule" text,
	"statement" text NOT NULL,
	"moderator_id" uuid,
	"automatic" boolean DEFAULT false NOT NULL,
	"suspended_until" timestamp with time zone,
	"decided_at" timestamp with time zone NOT NULL,
	"reverses" uuid
);
--> statement-breakpoint
CREATE TABLE "moderation"."items" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"audience" text NOT NULL,
	"audience_owner_id" uuid NOT NULL,
	"title" text,
	"excerpt" text,
	"subject_id" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'visible' NOT NULL,
	"heard_at" timestamp with time zone NOT NULL,
	CONSTRAINT "items_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "items_audience_check" CHECK ("moderation"."items"."audience" in ('public', 'private', 'circle', 'members'))
);
--> statement-breakpoint
CREATE TABLE "moderation"."members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"fullname" text NOT NULL,
	"language" text NOT NULL,
	"email" text,
	"version" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "moderation"."removed_members" (
	"member_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reporter_id" uuid,
	"contact_name" text,
	"contact_email" text,
	"language" text NOT NULL,
	"reason" text NOT NULL,
	"words" text,
	"excerpt_then" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation"."restrictions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"suspended_until" timestamp with time zone,
	"banned" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "appeals_open_idx" ON "moderation"."appeals" USING btree ("sent_at","id") WHERE "moderation"."appeals"."status" = 'open';--> statement-breakpoint
CREATE INDEX "appeals_sent_idx" ON "moderation"."appeals" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "audit_log_order_idx" ON "moderation"."audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_open_item_idx" ON "moderation"."cases" USING btree ("kind","item_id") WHERE "moderation"."cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cases_queue_idx" ON "moderation"."cases" USING btree ("status","auto_held","opened_at","id");--> statement-breakpoint
CREATE INDEX "cases_closed_idx" ON "moderation"."cases" USING btree ("status","closed_at","id");--> statement-breakpoint
CREATE INDEX "cases_owner_idx" ON "moderation"."cases" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "moderation"."circle_memberships" USING btree ("member_id","owner_id") WHERE "moderation"."circle_memberships"."in_circle";--> statement-breakpoint
CREATE INDEX "decisions_owner_idx" ON "moderation"."decisions" USING btree ("owner_id","decided_at","id");--> statement-breakpoint
CREATE INDEX "decisions_case_idx" ON "moderation"."decisions" USING btree ("case_id","decided_at");--> statement-breakpoint
CREATE INDEX "decisions_decided_idx" ON "moderation"."decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "items_owner_idx" ON "moderation"."items" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "items_subject_idx" ON "moderation"."items" USING btree ("subject_id") WHERE "moderation"."items"."kind" = 'comment';--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "moderation"."outbox" USING btree ("occurred_at") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_case_reporter_idx" ON "moderation"."reports" USING btree ("case_id","reporter_id") WHERE "moderation"."reports"."reporter_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "moderation"."reports" USING btree ("reporter_id","received_at","id");--> statement-breakpoint
CREATE INDEX "reports_received_idx" ON "moderation"."reports" USING btree ("received_at");