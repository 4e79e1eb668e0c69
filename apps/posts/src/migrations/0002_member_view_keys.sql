-- Views are now counted per viewer key (`member:<id>`, `visitor:<id>`): a member's earlier rows,
-- keyed by the bare user id, take the member form so those views do not count a second time.
UPDATE "posts"."post_views" SET "viewer" = 'member:' || "viewer"
WHERE "viewer" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
