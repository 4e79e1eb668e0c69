CREATE SEQUENCE "notifications"."notification_stamp" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "notifications"."notification_actors" (
	"group_id" uuid NOT NULL,
	"actor_id" uuid NOT NULL,
	"part" text NOT NULL,
	"excerpt" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_actors_group_id_actor_id_part_pk" PRIMARY KEY("group_id","actor_id","part")
);
--> statement-breakpoint
CREATE TABLE "notifications"."notification_comments" (
	"message_id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"author_id" uuid,
	"excerpt" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."notification_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."notification_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"subject_id" text,
	"comment_id" text,
	"excerpt" text,
	"read" boolean DEFAULT false NOT NULL,
	"stamp" bigint DEFAULT nextval('notifications.notification_stamp') NOT NULL,
	"version" bigint DEFAULT nextval('notifications.notification_stamp') NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications"."notification_subjects" (
	"subject_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"private" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"title_he" text,
	"question_id" text,
	"excerpt" text,
	"story_told" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications"."notification_actors" ADD CONSTRAINT "notification_actors_group_id_notification_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "notifications"."notification_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_actors_actor_idx" ON "notifications"."notification_actors" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notification_actors_part_idx" ON "notifications"."notification_actors" USING btree ("part");--> statement-breakpoint
CREATE INDEX "notification_comments_author_idx" ON "notifications"."notification_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "notification_events_applied_idx" ON "notifications"."notification_events" USING btree ("applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_groups_recipient_key_idx" ON "notifications"."notification_groups" USING btree ("recipient_id","group_key");--> statement-breakpoint
CREATE INDEX "notification_groups_recipient_stamp_idx" ON "notifications"."notification_groups" USING btree ("recipient_id","stamp");--> statement-breakpoint
CREATE INDEX "notification_groups_recipient_version_idx" ON "notifications"."notification_groups" USING btree ("recipient_id","version");--> statement-breakpoint
CREATE INDEX "notification_groups_unread_idx" ON "notifications"."notification_groups" USING btree ("recipient_id") WHERE not "notifications"."notification_groups"."read";--> statement-breakpoint
CREATE INDEX "notification_groups_subject_idx" ON "notifications"."notification_groups" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "notification_groups_comment_idx" ON "notifications"."notification_groups" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "notification_subjects_owner_idx" ON "notifications"."notification_subjects" USING btree ("owner_id");