-- Issue 29, item 3: a note of a subject taken on trust is kept per collection. Keyed by the
-- subject id alone, the same id liked as a post and as a me answer was noted once, and what was
-- left on it in the second collection was never swept.
ALTER TABLE "reactions"."unannounced_subjects" DROP CONSTRAINT "unannounced_subjects_pkey";--> statement-breakpoint
ALTER TABLE "reactions"."unannounced_subjects" ADD CONSTRAINT "unannounced_subjects_collection_subject_id_pk" PRIMARY KEY("collection","subject_id");
