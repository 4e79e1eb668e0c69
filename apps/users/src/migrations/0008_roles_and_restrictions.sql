CREATE TABLE "users"."member_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"granted_by" text NOT NULL,
	CONSTRAINT "member_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "member_roles_role_check" CHECK ("users"."member_roles"."role" in ('moderator', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "users"."role_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "role_changes_role_check" CHECK ("users"."role_changes"."role" in ('moderator', 'admin')),
	CONSTRAINT "role_changes_action_check" CHECK ("users"."role_changes"."action" in ('grant', 'revoke'))
);
--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users"."users" ADD COLUMN "restriction_version" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users"."member_roles" ADD CONSTRAINT "member_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_changes_at_idx" ON "users"."role_changes" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "role_changes_user_idx" ON "users"."role_changes" USING btree ("user_id","at");
--> statement-breakpoint
-- The role audit is append-only: a grant or a revoke, once written, is never rewritten or
-- removed. The one change let through forgets a departed member: user_id to null, and an actor
-- `member:<their id>` to `member:deleted`, nothing else.
CREATE FUNCTION "users"."role_changes_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.id = OLD.id AND NEW.role = OLD.role AND NEW.action = OLD.action AND NEW.at = OLD.at
    AND (NEW.user_id IS NOT DISTINCT FROM OLD.user_id OR NEW.user_id IS NULL)
    AND (NEW.actor = OLD.actor OR (OLD.actor LIKE 'member:%' AND NEW.actor = 'member:deleted'))
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'users.role_changes is append-only: % refused', TG_OP;
END
$$;--> statement-breakpoint
CREATE TRIGGER "role_changes_append_only" BEFORE UPDATE OR DELETE ON "users"."role_changes"
  FOR EACH ROW EXECUTE FUNCTION "users"."role_changes_append_only"();--> statement-breakpoint
CREATE TRIGGER "role_changes_no_truncate" BEFORE TRUNCATE ON "users"."role_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION "users"."role_changes_append_only"();
