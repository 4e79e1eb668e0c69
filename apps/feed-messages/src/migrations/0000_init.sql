CREATE SCHEMA "feed_messages";
--> statement-breakpoint
CREATE TABLE "feed_messages"."likes" (
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "feed_messages"."messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"post_id" text NOT NULL,
	"parent_id" uuid,
	"author_id" uuid,
	"text" text,
	"tag" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "messages_likes_check" CHECK ("feed_messages"."messages"."likes" >= 0),
	CONSTRAINT "messages_replies_count_check" CHECK ("feed_messages"."messages"."replies_count" >= 0),
	CONSTRAINT "messages_depth_check" CHECK ("feed_messages"."messages"."parent_id" is null or "feed_messages"."messages"."replies_count" = 0),
	CONSTRAINT "messages_deleted_check" CHECK (("feed_messages"."messages"."deleted" and "feed_messages"."messages"."author_id" is null and "feed_messages"."messages"."text" is null and "feed_messages"."messages"."likes" = 0)
        or (not "feed_messages"."messages"."deleted" and "feed_messages"."messages"."author_id" is not null and "feed_messages"."messages"."text" is not null))
);
--> statement-breakpoint
ALTER TABLE "feed_messages"."likes" ADD CONSTRAINT "likes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "feed_messages"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_messages"."messages" ADD CONSTRAINT "messages_parent_id_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "feed_messages"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_user_idx" ON "feed_messages"."likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_room_top_idx" ON "feed_messages"."messages" USING btree ("room_id","created_at","id") WHERE "feed_messages"."messages"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "messages_parent_idx" ON "feed_messages"."messages" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_room_visible_idx" ON "feed_messages"."messages" USING btree ("room_id") WHERE not "feed_messages"."messages"."deleted";--> statement-breakpoint
CREATE INDEX "messages_placeholders_idx" ON "feed_messages"."messages" USING btree ("id") WHERE "feed_messages"."messages"."deleted";--> statement-breakpoint
CREATE INDEX "messages_author_idx" ON "feed_messages"."messages" USING btree ("author_id");