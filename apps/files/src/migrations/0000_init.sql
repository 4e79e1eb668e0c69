CREATE SCHEMA "files";
--> statement-breakpoint
CREATE TABLE "files"."images" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"source_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_purpose_check" CHECK ("files"."images"."purpose" in ('post', 'profile', 'general')),
	CONSTRAINT "images_source_type_check" CHECK ("files"."images"."source_type" in ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
	CONSTRAINT "images_size_check" CHECK ("files"."images"."width" > 0 and "files"."images"."height" > 0 and "files"."images"."bytes" > 0 and cardinality("files"."images"."widths") > 0)
);
--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "files"."images" USING btree ("owner_id");