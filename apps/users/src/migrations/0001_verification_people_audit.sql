CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "users"."audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users"."verification_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"secret_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "verification_codes_purpose_check" CHECK ("users"."verification_codes"."purpose" in ('phone', 'email', 'password_reset'))
);
--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "published_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "published_topics" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "publication_version" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(regexp_replace(firstname || ' ' || lastname || ' ' || published_topics, '[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users"."verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "users"."audit_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_type_idx" ON "users"."audit_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_user_purpose_idx" ON "users"."verification_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_secret_idx" ON "users"."verification_codes" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users"."users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_published_idx" ON "users"."users" USING btree ("published_at","id") WHERE published_answers > 0;