CREATE SCHEMA "worker";
--> statement-breakpoint
CREATE TABLE "worker"."deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "deliveries_channel_check" CHECK ("worker"."deliveries"."channel" in ('email', 'sms')),
	CONSTRAINT "deliveries_status_check" CHECK ("worker"."deliveries"."status" in ('sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "worker"."dev_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker"."email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dev_outbox_created_idx" ON "worker"."dev_outbox" USING btree ("created_at");