-- Issue 29: characters sent to the translation provider per UTC day, per member (a SHA-256 of
-- their id) and for the whole site ('site'): the daily budgets, shared by every replica.
CREATE TABLE "posts"."translation_usage" (
	"day" date NOT NULL,
	"scope" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "translation_usage_day_scope_pk" PRIMARY KEY("day","scope"),
	CONSTRAINT "translation_usage_used_check" CHECK ("posts"."translation_usage"."used" >= 0)
);
