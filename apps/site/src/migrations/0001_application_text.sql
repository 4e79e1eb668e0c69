-- Interface text overrides (applicationText): laid by the web app over its built-in messages
-- (libs/web/i18n/src/messages), per language. Data, never edited after landing: to change a
-- text, write a new migration (npm run db:generate -- site <name> --custom).
INSERT INTO "site"."texts" ("language", "message_key", "message") VALUES
  ('en', 'app.tagline', 'Life stories, told by the people who lived them'),
  ('he', 'app.tagline', 'סיפורי חיים, מפי מי שחיו אותם'),
  ('en', 'footer.credit', 'Made with care by the Mepedia team'),
  ('he', 'footer.credit', 'נבנה באהבה בידי צוות מפדיה')
ON CONFLICT ("language", "message_key") DO UPDATE SET "message" = excluded."message";
