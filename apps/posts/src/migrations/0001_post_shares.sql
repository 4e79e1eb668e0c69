CREATE TABLE "posts"."post_shares" (
	"post_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_shares_post_id_viewer_pk" PRIMARY KEY("post_id","viewer")
);
--> statement-breakpoint
ALTER TABLE "posts"."post_shares" ADD CONSTRAINT "post_shares_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "posts"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_shares_viewer_idx" ON "posts"."post_shares" USING btree ("viewer");