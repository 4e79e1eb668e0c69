import { randomUUID } from 'node:crypto';
import { excerptOf } from '@mepedia/contracts';
import { removedMemberKey, runMigrations } from '@mepedia/server-database';
import {
  describeEachEngine,
  openTestDatabase,
  upgradeAcross,
  type TestDatabase,
  type TestEngine,
} from '@mepedia/server-service-testing';
import { migrationsBefore, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { POSTS_MIGRATIONS } from '../src/posts.app';
import { SANITIZER_VERSION, plainTextOf, sanitizeContent } from '../src/sanitize';
import { announceBacklogToSearch } from '../src/search-backlog';

type Sql = TestDatabase['query'];

/** Upgrade across `tag` (upgradeAcross): this service's migrations. */
const upgrade = (
  engine: TestEngine,
  tag: string,
  seed: (sql: Sql) => Promise<unknown>,
  check: (sql: Sql) => Promise<void>,
) => upgradeAcross(engine, POSTS_MIGRATIONS, tag, seed, check);

const insertPost = (sql: Sql, id: string, publisherId: string, privacy: string) =>
  sql(
    `insert into posts.posts (id, publisher_id, title, content, content_text, image, credit,
     privacy, destination, views)
     values ($1, $2, 't', 'c', 'c', '/i', 'me', $3, 'profile', 2)`,
    [id, publisherId, privacy],
  );

// Each upgrade on each engine: the standalone process migrates its PGlite data as a service
// migrates PostgreSQL.
describeEachEngine('posts migrations', (engine) => {
  it(
    'key a member’s earlier views as the member, so they do not count again',
    async () => {
      const postId = randomUUID();
      const memberId = randomUUID();
      const guest = 'abcdef0123456789abcdef01';
      await upgrade(
        engine,
        '0002_member_view_keys',
        async (sql) => {
          await insertPost(sql, postId, randomUUID(), 'public');
          await sql('insert into posts.post_views (post_id, viewer) values ($1, $2), ($1, $3)', [
            postId,
            memberId,
            guest,
          ]);
        },
        async (sql) => {
          const viewers = await sql<{ viewer: string }>(
            'select viewer from posts.post_views where post_id = $1 order by viewer',
            [postId],
          );
          expect(viewers.map((row) => row.viewer)).toEqual([guest, `member:${memberId}`]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce the posts that were private before the comments service was told',
    async () => {
      const [secret, open, publisher] = [randomUUID(), randomUUID(), randomUUID()];
      await upgrade(
        engine,
        '0006_announce_private_posts',
        async (sql) => {
          await insertPost(sql, secret, publisher, 'private');
          await insertPost(sql, open, publisher, 'public');
        },
        async (sql) => {
          const events = await sql<{ payload: { postId: string; privacy: string } }>(
            `select type, payload from posts.outbox
             where published_at is null and type = 'post.privacy.changed'`,
          );
          // 0006 announced the private one; 0007 (below) announces every post once more.
          const said = (postId: string) =>
            events.filter((row) => row.payload.postId === postId).map((row) => row.payload.privacy);
          expect(said(secret)).toEqual(['private', 'private']);
          expect(said(open)).toEqual(['public']);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every post, public ones too, so comments and reactions know which exist',
    async () => {
      const [secret, open, publisher] = [randomUUID(), randomUUID(), randomUUID()];
      await upgrade(
        engine,
        '0007_announce_every_post',
        async (sql) => {
          await insertPost(sql, secret, publisher, 'private');
          await insertPost(sql, open, publisher, 'public');
          await sql('update posts.outbox set published_at = now()');
        },
        async (sql) => {
          const events = await sql(
            `select type, payload from posts.outbox
             where published_at is null and type = 'post.privacy.changed'
             order by payload->>'privacy'`,
          );
          expect(events).toEqual([
            {
              type: 'post.privacy.changed',
              payload: { postId: secret, publisherId: publisher, privacy: 'private' },
            },
            {
              type: 'post.privacy.changed',
              payload: { postId: open, publisherId: publisher, privacy: 'public' },
            },
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'date the announcements of every post so a live one from an app whose clock is behind still wins',
    async () => {
      const [post, publisher] = [randomUUID(), randomUUID()];
      await upgrade(
        engine,
        '0007_announce_every_post',
        async (sql) => {
          await insertPost(sql, post, publisher, 'public');
          await sql('update posts.outbox set published_at = now()');
        },
        async (sql) => {
          // The member makes the post private right after the deploy, announced by an app
          // whose clock is a day behind the database's: consumers keep only a newer word.
          const live = await sql<{ at: Date }>(`select now() - interval '1 day' as at`);
          const backfill = await sql<{ occurred_at: Date }>(
            `select occurred_at from posts.outbox
             where published_at is null and type = 'post.privacy.changed'`,
          );
          expect(backfill).toHaveLength(1);
          const [row] = backfill;
          expect(row?.occurred_at.getTime()).toBeLessThan(live[0]?.at.getTime() ?? 0);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every post to notifications, its title, excerpt and privacy, dated the epoch',
    async () => {
      const [story, answer, publisher] = [randomUUID(), randomUUID(), randomUUID()];
      const long = `${'A  long\nstory '.repeat(20)}end`;
      await upgrade(
        engine,
        '0010_follows',
        async (sql) => {
          await insertPost(sql, story, publisher, 'private');
          await sql(
            `update posts.posts set content_text = $2, created_at = '2026-03-04T05:06:07.089Z'
             where id = $1`,
            [story, long],
          );
          await insertPost(sql, answer, publisher, 'public');
          await sql(`update posts.posts set question_id = 'roots' where id = $1`, [answer]);
          await sql('update posts.outbox set published_at = now()');
        },
        async (sql) => {
          const events = await sql<{ payload: Record<string, string>; occurred_at: Date }>(
            `select payload, occurred_at from posts.outbox
             where published_at is null and type = 'post.published'
             order by payload->>'privacy'`,
          );
          expect(events.map((event) => event.payload)).toEqual([
            {
              postId: story,
              publisherId: publisher,
              title: 't',
              excerpt: expect.stringMatching(/^A long story A long story .*…$/),
              privacy: 'private',
              createdAt: '2026-03-04T05:06:07.089Z',
            },
            {
              postId: answer,
              publisherId: publisher,
              title: 't',
              excerpt: 'c',
              privacy: 'public',
              questionId: 'roots',
              createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
            },
          ]);
          expect(Array.from(events[0]?.payload['excerpt'] ?? '')).toHaveLength(140);
          for (const event of events) expect(event.occurred_at.getTime()).toBe(0);
          expect(await sql(`select 1 from posts.follows`)).toEqual([]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'give every existing post its language, and work it out again as a title or text changes',
    async () => {
      const publisher = randomUUID();
      // [title, text, language]: the letters of both counted, Hebrew only when it has more.
      const samples: Array<[string, string, 'he' | 'en']> = [
        ['שלום', 'סיפור על קיץ אחד', 'he'],
        ['Summer', 'A story of one summer', 'en'],
        // Mixed: a Hebrew story naming a place in English, and the other way round.
        ['הקיץ בלונדון', 'נסענו ל-London Bridge עם סבתא', 'he'],
        ['My bar mitzvah', 'We sang שיר in the old synagogue', 'en'],
        // No letters at all, or as many of each: English.
        ['1948', '— 2026 —', 'en'],
        ['ab', 'אב', 'en'],
        // Niqqud and accented Latin letters count as their script's letters.
        ['שָׁלוֹם', 'Zoë', 'he'],
        ['Café', 'crème brûlée אב', 'en'],
      ];
      const ids = samples.map(() => randomUUID());
      await upgrade(
        engine,
        '0012_post_language',
        async (sql) => {
          for (const [index, [title, text]] of samples.entries()) {
            await insertPost(sql, ids[index] ?? '', publisher, 'public');
            await sql('update posts.posts set title = $2, content_text = $3 where id = $1', [
              ids[index],
              title,
              text,
            ]);
          }
        },
        async (sql) => {
          const languageOf = async (id: string | undefined) =>
            (
              await sql<{ language: string }>('select language from posts.posts where id = $1', [
                id,
              ])
            )[0]?.language;
          for (const [index, sample] of samples.entries())
            expect([...sample.slice(0, 2), await languageOf(ids[index])]).toEqual(sample);
          // A changed title or text changes it: no writer can leave it stale.
          await sql(`update posts.posts set title = 'Summer in Tel Aviv and Jaffa' where id = $1`, [
            ids[0],
          ]);
          expect(await languageOf(ids[0])).toBe('en');
          await sql(
            `update posts.posts set content_text = 'סיפור ארוך מאוד על קיץ אחד ביפו העתיקה' where id = $1`,
            [ids[0]],
          );
          expect(await languageOf(ids[0])).toBe('he');
          const index = await sql<{ indexdef: string }>(
            `select indexdef from pg_indexes where indexname = 'posts_magazine_language_order_idx'`,
          );
          expect(index[0]?.indexdef).toMatch(/\(language, created_at DESC, id DESC\) WHERE/);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'give every answer’s post a guard of its own last change, so the old word naming its answer changes no post (issue 35)',
    async () => {
      const [guarded, unguarded, plain, publisher] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await upgrade(
        engine,
        '0015_answer_post_claims',
        async (sql) => {
          for (const id of [guarded, unguarded, plain])
            await insertPost(sql, id, publisher, 'public');
          await sql(
            `update posts.posts set question_id = case id when $1::uuid then 'roots' else 'places' end,
               updated_at = timestamptz '2026-01-02T03:04:05Z'
             where id in ($1, $2)`,
            [guarded, unguarded],
          );
          // Its guard from a word already heard: kept as it is.
          await sql(
            `insert into posts.me_answer_events (publisher_id, question_id, occurred_at)
             values ($1, 'roots', timestamptz '2026-03-01T00:00:00Z')`,
            [publisher],
          );
        },
        async (sql) => {
          const guards = await sql(
            `select question_id, occurred_at::text as at from posts.me_answer_events
             where publisher_id = $1 order by question_id`,
            [publisher],
          );
          expect(guards).toEqual([
            { question_id: 'places', at: '2026-01-02 03:04:05+00' },
            { question_id: 'roots', at: '2026-03-01 00:00:00+00' },
          ]);
          const states = await sql(
            `select distinct moderation_state, me_answer_id from posts.posts where publisher_id = $1`,
            [publisher],
          );
          expect(states).toEqual([{ moderation_state: 'visible', me_answer_id: null }]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
  it(
    'announce every post to the moderation service alone, with its audience, question and excerpt, dated the epoch (issue 35)',
    async () => {
      const [publisher, gone] = [randomUUID(), randomUUID()];
      // Texts that try the excerpt: white space of every kind, a cut at a word or mid-word, an
      // exact 140, a room ending in a space, and characters beyond U+FFFF, which JavaScript
      // counts twice when it asks whether the last space lies in the last fifth.
      const texts = [
        '\u00a0Where\u3000I\u2028come\ufefffrom\t\r\n ',
        `${'A  long\nstory '.repeat(20)}end`,
        'x'.repeat(200),
        'y'.repeat(140),
        `${'z'.repeat(138)} and more words after it`,
        `${'😀'.repeat(100)} ${'c'.repeat(100)}`,
        `${'שָׁלוֹם עוֹלָם '.repeat(15)}סוף`,
        '',
      ];
      const ids = texts.map(() => randomUUID());
      const [secret, circle, answer, departed] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await upgrade(
        engine,
        '0017_announce_posts_to_moderation',
        async (sql) => {
          // What the migrations before announced was relayed long ago.
          await sql('delete from posts.outbox');
          for (const [index, text] of texts.entries()) {
            await insertPost(sql, ids[index] ?? '', publisher, 'public');
            await sql('update posts.posts set content_text = $2 where id = $1', [ids[index], text]);
          }
          await insertPost(sql, secret, publisher, 'private');
          await insertPost(sql, circle, publisher, 'circle');
          await insertPost(sql, answer, publisher, 'members');
          await sql(`update posts.posts set question_id = 'roots' where id = $1`, [answer]);
          // A publisher who left, whose post is still here (their departure not yet applied).
          await insertPost(sql, departed, gone, 'public');
          await sql('insert into posts.removed_members (member_key) values ($1)', [
            removedMemberKey(gone),
          ]);
        },
        async (sql) => {
          const events = await sql<{ payload: Record<string, unknown>; at: number }>(
            `select payload, extract(epoch from occurred_at)::int as at from posts.outbox
             where type = 'existingItem.announced'`,
          );
          const announced = new Map(events.map((event) => [event.payload['itemId'], event]));
          expect(announced.size).toBe(events.length);
          expect([...announced.keys()].sort()).toEqual([...ids, secret, circle, answer].sort());
          for (const event of events) expect(event.at).toBe(0);
          for (const [index, text] of texts.entries())
            expect(announced.get(ids[index])?.payload).toEqual({
              kind: 'post',
              itemId: ids[index],
              ownerId: publisher,
              audience: 'public',
              audienceOwnerId: publisher,
              title: 't',
              excerpt: excerptOf(text),
              subjectId: null,
              questionId: null,
            });
          expect(announced.get(secret)?.payload).toMatchObject({
            audience: 'private',
            audienceOwnerId: publisher,
            excerpt: 'c',
          });
          expect(announced.get(circle)?.payload).toMatchObject({ audience: 'circle' });
          expect(announced.get(answer)?.payload).toMatchObject({
            audience: 'members',
            questionId: 'roots',
          });
          // Nothing the notifications service hears (post.published would be a story to tell);
          // 0019 (below) announces them to the search service.
          expect(
            await sql(
              `select type from posts.outbox
               where type not in ('existingItem.announced', 'searchable.changed')`,
            ),
          ).toEqual([]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
  it(
    'announce every member’s post to the search service once, its text as a live change makes it, dated the epoch (issue 36)',
    async () => {
      const database = await openTestDatabase(engine, { poolSize: 2 });
      const sql = database.query;
      const before = migrationsBefore(POSTS_MIGRATIONS.folder, '0019_announce_posts_to_search');
      const [publisher, gone] = [randomUUID(), randomUUID()];
      // [as the member wrote it, as the search service is to read it]: each stored as the
      // sanitizer stores it, and read by the one function a live change uses (plainTextOf).
      const contents: Array<[string, string]> = [
        ['<p>שָׁלוֹם <b>עוֹלָם</b></p><p>סוף</p>', 'שָׁלוֹם עוֹלָם\nסוף'],
        ['<p>Tom &amp; Jerry &lt;3 &quot;x&quot;&nbsp;&#x5E9;&copy;</p>', 'Tom & Jerry <3 "x" ש©'],
        [
          '<p><strong>a<em>b<u>c</u></em></strong>d</p><blockquote><p>q</p></blockquote>',
          'abcd\nq',
        ],
        ['<p>one<br>two<br><br>three</p>', 'one\ntwo\nthree'],
        [
          '<ul><li>first</li><li>second<ol><li>inner</li></ol></li></ul><h2>End</h2>',
          'first\nsecond\ninner\nEnd',
        ],
      ];
      const ids = contents.map(() => randomUUID());
      const [older, answer, departed, draft] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      try {
        await runMigrations(database.handle, {
          schema: POSTS_MIGRATIONS.schema,
          folder: before.folder,
        });
        for (const [index, [html]] of contents.entries()) {
          await insertPost(sql, ids[index] ?? '', publisher, index === 0 ? 'circle' : 'public');
          await sql(
            `update posts.posts set content = $2, content_sanitizer = $3,
               created_at = timestamptz '2026-03-04T05:06:07.089Z' where id = $1`,
            [ids[index], sanitizeContent(html), SANITIZER_VERSION],
          );
        }
        // Stored under an older sanitizer policy: cleaned again first, then announced as cleaned.
        await insertPost(sql, older, publisher, 'private');
        await sql(`update posts.posts set content = $2, content_sanitizer = 0 where id = $1`, [
          older,
          '<p>kept <span>and</span> <a href="javascript:x()">cleaned</a></p>',
        ]);
        // Held by moderation, as this service heard it: announced with that word (withheld).
        await sql(
          `update posts.posts set moderation_state = 'held', moderation_case_id = 'case-3'
           where id = $1`,
          [older],
        );
        // A questionnaire answer's magazine post: the me-answers service announces the answer.
        await insertPost(sql, answer, publisher, 'public');
        await sql(`update posts.posts set question_id = 'roots' where id = $1`, [answer]);
        // A publisher who left, whose post is still here (their departure not yet applied).
        await insertPost(sql, departed, gone, 'public');
        await sql('insert into posts.removed_members (member_key) values ($1)', [
          removedMemberKey(gone),
        ]);
        // A draft is no post.
        await sql(
          `insert into posts.post_drafts (id, author_id, title, content, content_text, privacy)
           values ($1, $2, 'Draft', '<p>Not yet</p>', 'Not yet', 'public')`,
          [draft, publisher],
        );
        await sql('delete from posts.outbox');

        await runMigrations(database.handle, POSTS_MIGRATIONS);
        const announced = async () =>
          sql<{ payload: Record<string, unknown>; at: number }>(
            `select payload, extract(epoch from occurred_at)::int as at from posts.outbox
             where type = 'searchable.changed'`,
          );
        const events = await announced();
        const byId = new Map(events.map((event) => [event.payload['id'], event]));
        expect(byId.size).toBe(events.length);
        expect([...byId.keys()].sort()).toEqual([...ids, older].sort());
        for (const event of events) expect(event.at).toBe(0);
        for (const [index, [html, text]] of contents.entries()) {
          expect(plainTextOf(sanitizeContent(html))).toBe(text);
          expect(byId.get(ids[index])?.payload).toEqual({
            kind: 'post',
            id: ids[index],
            ownerId: publisher,
            audience: index === 0 ? 'circle' : 'public',
            title: 't',
            text,
            image: '/i',
            createdAt: '2026-03-04T05:06:07.089Z',
            deleted: false,
          });
        }
        expect(byId.get(older)?.payload).toMatchObject({
          audience: 'private',
          text: 'kept and cleaned',
          withheld: { state: 'held', caseId: 'case-3' },
        });
        expect(await sql('select post_id from posts.search_backlog')).toEqual([]);

        // Once: a later start announces nothing again.
        await runMigrations(database.handle, POSTS_MIGRATIONS);
        expect(await announced()).toHaveLength(events.length);

        // In batches, each post once, a post deleted meanwhile left out.
        await sql('delete from posts.outbox');
        await sql('insert into posts.search_backlog (post_id) select unnest($1::uuid[])', [
          [...ids, randomUUID()],
        ]);
        expect(await announceBacklogToSearch(database.handle.db, 2)).toBe(ids.length);
        expect((await announced()).map((event) => event.payload['id']).sort()).toEqual(
          [...ids].sort(),
        );
        expect(await sql('select post_id from posts.search_backlog')).toEqual([]);
      } finally {
        before.remove();
        await database.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
