CREATE TABLE "users"."verification_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users"."sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users"."sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "verification_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users"."verification_tickets" ADD CONSTRAINT "verification_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_tickets_token_hash_key" ON "users"."verification_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "verification_tickets_user_id_idx" ON "users"."verification_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_pending_deadline_idx" ON "users"."users" USING btree ("verification_deadline") WHERE email_verified_at is null;--> statement-breakpoint
-- Accounts pending before deadlines existed get a day from now to finish verifying.
UPDATE "users"."users" SET "verification_deadline" = now() + interval '24 hours' WHERE "email_verified_at" IS NULL;
