CREATE TABLE "notifications"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "notifications"."notification_subjects" ALTER COLUMN "private" SET DEFAULT true;--> statement-breakpoint
-- Issue 34: a subject's audience, of four, where there was `private` alone: what was private was
-- its owner's, what was not everyone's.
ALTER TABLE "notifications"."notification_subjects" ADD COLUMN "audience" text;--> statement-breakpoint
UPDATE "notifications"."notification_subjects"
  SET "audience" = CASE WHEN "private" THEN 'private' ELSE 'public' END;--> statement-breakpoint
ALTER TABLE "notifications"."notification_subjects" ALTER COLUMN "audience" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "notifications"."circle_memberships" USING btree ("member_id","owner_id") WHERE "notifications"."circle_memberships"."in_circle";--> statement-breakpoint
ALTER TABLE "notifications"."notification_subjects" ADD CONSTRAINT "notification_subjects_audience_check" CHECK ("notifications"."notification_subjects"."audience" in ('private', 'circle', 'members', 'public'));;--> statement-breakpoint
-- During the upgrade the previous release runs beside this one (docs/operations.md, "expand,
-- then contract"), reading and writing `private` only: the database keeps the two equal, as
-- feed-messages' and reactions' 0007 do. `private` follows `audience`; a row the previous
-- release writes gets `private` or `public` from it (a narrowing it applies is never lost, a
-- wider audience never guessed). A later release drops the triggers and `private`.
CREATE FUNCTION "notifications"."notification_subjects_audience"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.audience IS NULL) OR TG_ARGV[0] = 'private' THEN
    NEW.audience := CASE WHEN NEW.private THEN 'private' ELSE 'public' END;
  END IF;
  NEW.private := NEW.audience <> 'public';
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notification_subjects_insert" BEFORE INSERT ON "notifications"."notification_subjects"
  FOR EACH ROW EXECUTE FUNCTION "notifications"."notification_subjects_audience"('insert');--> statement-breakpoint
CREATE TRIGGER "notification_subjects_audience" BEFORE UPDATE OF "audience" ON "notifications"."notification_subjects"
  FOR EACH ROW EXECUTE FUNCTION "notifications"."notification_subjects_audience"('audience');--> statement-breakpoint
CREATE TRIGGER "notification_subjects_private" BEFORE UPDATE OF "private" ON "notifications"."notification_subjects"
  FOR EACH ROW EXECUTE FUNCTION "notifications"."notification_subjects_audience"('private');
