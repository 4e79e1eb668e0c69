CREATE SCHEMA "users";
--> statement-breakpoint
CREATE TABLE "users"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users"."sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users"."users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"phone_number_prefix" text NOT NULL,
	"phone_number" text NOT NULL,
	"password_hash" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"language" text NOT NULL,
	"birthdate" date NOT NULL,
	"country" text NOT NULL,
	"gender" text NOT NULL,
	"website_link" text,
	"facebook_link" text,
	"instagram_link" text,
	"linkedin_link" text,
	"profile_image" text,
	"cropped_profile_image" text,
	"moto" text,
	"about_me" text,
	"video_url" text,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"phone_verified_at" timestamp with time zone,
	"email_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_language_check" CHECK ("users"."users"."language" in ('en', 'he')),
	CONSTRAINT "users_gender_check" CHECK ("users"."users"."gender" in ('male', 'female', 'other', 'non-binary')),
	CONSTRAINT "users_email_lower_check" CHECK ("users"."users"."email" = lower("users"."users"."email")),
	CONSTRAINT "users_verification_order_check" CHECK ("users"."users"."email_verified_at" is null or "users"."users"."phone_verified_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "users"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "users"."outbox" USING btree ("occurred_at") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "users"."sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "users"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users"."users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users"."users" USING btree ("phone_number_prefix","phone_number");