CREATE SCHEMA "site";
--> statement-breakpoint
CREATE TABLE "site"."images" (
	"name" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	CONSTRAINT "images_name_check" CHECK ("site"."images"."name" in ('logo', 'subLogo', 'memorialImageFotter')),
	CONSTRAINT "images_path_check" CHECK ("site"."images"."path" like '/%' and "site"."images"."path" not like '//%')
);
--> statement-breakpoint
CREATE TABLE "site"."services" (
	"service_id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_he" text NOT NULL,
	"description_en" text NOT NULL,
	"description_he" text NOT NULL,
	"link_path" text,
	CONSTRAINT "services_texts_check" CHECK (btrim("site"."services"."title_en") <> '' and btrim("site"."services"."title_he") <> '' and btrim("site"."services"."description_en") <> '' and btrim("site"."services"."description_he") <> ''),
	CONSTRAINT "services_link_path_check" CHECK ("site"."services"."link_path" is null or ("site"."services"."link_path" like '/%' and "site"."services"."link_path" not like '//%'))
);
--> statement-breakpoint
CREATE TABLE "site"."texts" (
	"language" text NOT NULL,
	"message_key" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "texts_pkey" PRIMARY KEY("language","message_key"),
	CONSTRAINT "texts_language_check" CHECK ("site"."texts"."language" in ('en', 'he')),
	CONSTRAINT "texts_message_check" CHECK (btrim("site"."texts"."message") <> '')
);
