CREATE TABLE "notifications"."notification_take_backs" (
	"recipient_id" uuid NOT NULL,
	"group_key" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"part" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_take_backs_recipient_id_group_key_actor_id_part_pk" PRIMARY KEY("recipient_id","group_key","actor_id","part")
);
--> statement-breakpoint
CREATE INDEX "notification_take_backs_actor_idx" ON "notifications"."notification_take_backs" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notification_take_backs_at_idx" ON "notifications"."notification_take_backs" USING btree ("at");