CREATE TABLE "reactions"."like_versions" (
	"collection" text NOT NULL,
	"object_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "like_versions_collection_object_id_user_id_pk" PRIMARY KEY("collection","object_id","user_id"),
	CONSTRAINT "like_versions_collection_check" CHECK ("reactions"."like_versions"."collection" in ('posts', 'meAnswers', 'feedMessages', 'users'))
);
--> statement-breakpoint
CREATE INDEX "like_versions_user_idx" ON "reactions"."like_versions" USING btree ("user_id");