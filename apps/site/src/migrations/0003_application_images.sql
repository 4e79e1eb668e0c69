-- The site's images (applicationImages), by the product's field names (its spelling included).
-- Paths of static files the web app serves from its root (apps/web/public). Data, never edited
-- after landing: to change an image, write a new migration (npm run db:generate -- site <name> --custom).
INSERT INTO "site"."images" ("name", "path") VALUES
  ('logo', '/logo.svg'),
  ('subLogo', '/sub-logo.svg'),
  ('memorialImageFotter', '/memorial-footer.jpg')
ON CONFLICT ("name") DO UPDATE SET "path" = excluded."path";
