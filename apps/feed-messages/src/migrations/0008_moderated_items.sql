CREATE TABLE "feed_messages"."moderated_items" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"state" text NOT NULL,
	"case_id" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderated_items_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "moderated_items_kind_check" CHECK ("feed_messages"."moderated_items"."kind" in ('post', 'answer', 'comment', 'profile')),
	CONSTRAINT "moderated_items_state_check" CHECK ("feed_messages"."moderated_items"."state" in ('visible', 'held', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "feed_messages"."messages" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "moderated_items_owner_idx" ON "feed_messages"."moderated_items" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "messages_withheld_parent_idx" ON "feed_messages"."messages" USING btree ("parent_id") WHERE "feed_messages"."messages"."withheld";