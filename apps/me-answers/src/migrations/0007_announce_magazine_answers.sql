-- Issue 35: the posts service follows an answer's moderation to the magazine post made from it,
-- and knows which post that is from meAnswer.published's `meAnswerId`, kept since this release.
-- Every answer now in the magazine is announced once more, here, through the outbox, so the
-- posts made before learn their answer. Dated the epoch, not now(): the posts service keeps
-- only a strictly newer word per member and question (and gave each post made before its guard
-- its own last change, posts 0015), so this word changes no post; it only names the answer.
-- `by` is the owner: the notifications service tells no one of their own doing. The post's
-- text is made as the service makes it (me-answers.service.ts `published`, in English: the
-- language of the member's last save is not kept here), and would be used only by a posts
-- service that never heard of the answer's post at all.
INSERT INTO "me_answers"."outbox" ("id", "type", "payload", "occurred_at")
SELECT gen_random_uuid(), 'meAnswer.published',
  jsonb_build_object(
    'userId', a."user_id"::text,
    'questionId', a."question_id",
    'meAnswerId', a."id"::text,
    'title', q."title_en",
    'content', coalesce((
      SELECT string_agg(
        '<h3>' || replace(replace(replace(replace(replace(s."text_en",
          '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;') || '</h3>' ||
        (SELECT string_agg(
            '<p>' || replace(replace(replace(replace(replace(replace(p."part",
              '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;'),
              E'\n', '<br>') || '</p>',
            '' ORDER BY p."n")
          FROM regexp_split_to_table(
            btrim(a."live" ->> s."sub_question_id", E' \t\n\r\f\v'), E'\n{2,}'
          ) WITH ORDINALITY AS p("part", "n")),
        '' ORDER BY s."position")
      FROM "me_answers"."sub_questions" s
      WHERE s."question_id" = a."question_id"
        AND btrim(coalesce(a."live" ->> s."sub_question_id", ''), E' \t\n\r\f\v') <> ''
    ), ''),
    'privacy', a."privacy",
    'by', a."user_id"::text
  ),
  timestamptz 'epoch'
FROM "me_answers"."answers" a
JOIN "me_answers"."questions" q ON q."question_id" = a."question_id"
WHERE a."published_as_post";
