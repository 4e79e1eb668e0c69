CREATE SCHEMA "reactions";
--> statement-breakpoint
CREATE TABLE "reactions"."like_counts" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "like_counts_collection_object_id_pk" PRIMARY KEY("collection","object_id"),
	CONSTRAINT "like_counts_likes_check" CHECK ("reactions"."like_counts"."likes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reactions"."likes" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_collection_object_id_user_id_pk" PRIMARY KEY("collection","object_id","user_id"),
	CONSTRAINT "likes_collection_check" CHECK ("reactions"."likes"."collection" in ('posts', 'meAnswers', 'feedMessages', 'users'))
);
--> statement-breakpoint
CREATE TABLE "reactions"."lottie_counts" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottie_counts_collection_object_id_name_pk" PRIMARY KEY("collection","object_id","name"),
	CONSTRAINT "lottie_counts_count_check" CHECK ("reactions"."lottie_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reactions"."lotties" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotties_collection_object_id_user_id_name_pk" PRIMARY KEY("collection","object_id","user_id","name"),
	CONSTRAINT "lotties_collection_check" CHECK ("reactions"."lotties"."collection" in ('posts', 'meAnswers', 'feedMessages', 'users')),
	CONSTRAINT "lotties_name_check" CHECK ("reactions"."lotties"."name" in ('heart', 'clap', 'laugh', 'wow', 'hug'))
);
--> statement-breakpoint
CREATE TABLE "reactions"."view_counts" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"property" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "view_counts_collection_object_id_property_pk" PRIMARY KEY("collection","object_id","property"),
	CONSTRAINT "view_counts_views_check" CHECK ("reactions"."view_counts"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reactions"."views" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"property" text NOT NULL,
	"viewer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "views_collection_object_id_property_viewer_pk" PRIMARY KEY("collection","object_id","property","viewer"),
	CONSTRAINT "views_collection_check" CHECK ("reactions"."views"."collection" in ('posts', 'meAnswers', 'feedMessages', 'users')),
	CONSTRAINT "views_property_check" CHECK ("reactions"."views"."property" in ('views'))
);
--> statement-breakpoint
CREATE INDEX "likes_user_idx" ON "reactions"."likes" USING btree ("user_id","collection","created_at");--> statement-breakpoint
CREATE INDEX "lotties_user_idx" ON "reactions"."lotties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "views_viewer_idx" ON "reactions"."views" USING btree ("viewer");