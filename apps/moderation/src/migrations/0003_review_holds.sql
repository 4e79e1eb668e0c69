-- Issue 35, point 4: an automatic hold says why it was made. Those made before were all
-- after several members' reports.
ALTER TABLE "moderation"."cases" ADD COLUMN "held_for" text;--> statement-breakpoint
ALTER TABLE "moderation"."decisions" ADD COLUMN "held_for" text;--> statement-breakpoint
UPDATE "moderation"."cases" SET "held_for" = 'reports' WHERE "auto_held";--> statement-breakpoint
UPDATE "moderation"."decisions" SET "held_for" = 'reports' WHERE "automatic";
