-- Issue 34 (ADR 9): a subject's audience, of four (private, circle, members, public), where
-- there was `private` alone; and who is in whose circle, from the circles service's events.
CREATE TABLE "reactions"."circle_memberships" (
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"in_circle" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_memberships_owner_id_member_id_pk" PRIMARY KEY("owner_id","member_id")
);
--> statement-breakpoint
CREATE INDEX "circle_memberships_member_idx" ON "reactions"."circle_memberships" USING btree ("member_id","owner_id") WHERE "reactions"."circle_memberships"."in_circle";--> statement-breakpoint
-- What was private was its owner's alone, and what was not was everyone's: the same audiences.
ALTER TABLE "reactions"."subject_privacy" ADD COLUMN "audience" text;--> statement-breakpoint
UPDATE "reactions"."subject_privacy"
  SET "audience" = CASE WHEN "private" THEN 'private' ELSE 'public' END;--> statement-breakpoint
ALTER TABLE "reactions"."subject_privacy" ALTER COLUMN "audience" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reactions"."subject_privacy" ADD CONSTRAINT "subject_privacy_audience_check" CHECK ("reactions"."subject_privacy"."audience" in ('private', 'circle', 'members', 'public'));--> statement-breakpoint
ALTER TABLE "reactions"."subject_privacy" ALTER COLUMN "private" SET DEFAULT true;--> statement-breakpoint
-- During the upgrade the previous release runs beside this one (docs/operations.md, "expand,
-- then contract"): it reads and writes `private` only. So the database keeps the two columns
-- equal, whoever writes: `private` follows `audience` (this release names `audience` only), and
-- a row the previous release writes (naming `private` only) gets the audience `private` or
-- `public` from it: a narrowing it applies is never lost, and a wider audience than `private`
-- is never guessed (closed, never open). A later release drops the triggers and `private`.
CREATE FUNCTION "reactions"."subject_privacy_audience"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.audience IS NULL) OR TG_ARGV[0] = 'private' THEN
    NEW.audience := CASE WHEN NEW.private THEN 'private' ELSE 'public' END;
  END IF;
  NEW.private := NEW.audience <> 'public';
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "subject_privacy_insert" BEFORE INSERT ON "reactions"."subject_privacy"
  FOR EACH ROW EXECUTE FUNCTION "reactions"."subject_privacy_audience"('insert');--> statement-breakpoint
CREATE TRIGGER "subject_privacy_audience" BEFORE UPDATE OF "audience" ON "reactions"."subject_privacy"
  FOR EACH ROW EXECUTE FUNCTION "reactions"."subject_privacy_audience"('audience');--> statement-breakpoint
CREATE TRIGGER "subject_privacy_private" BEFORE UPDATE OF "private" ON "reactions"."subject_privacy"
  FOR EACH ROW EXECUTE FUNCTION "reactions"."subject_privacy_audience"('private');
