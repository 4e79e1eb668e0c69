import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  POST_CONTENT_MAX,
  TRANSLATE_MAX,
  type ErrorEnvelope,
  type TranslateOutputResponse,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  engineBehind,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  newMember,
  SETUP_TIMEOUT_MS,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createPostsApp } from '../src/posts.app';
import type { PostsOptions } from '../src/posts.options';
import { startGoogleTranslateListener } from './google-translate';

const MEMBER_DAILY = 1000;
const SITE_DAILY = 2500;

// Translation is paid by the character: the service keeps a daily budget per member and for
// the whole site in its database, and counts only what it sends to the provider. On each engine:
// on PGlite (the standalone process) the racing calls take their turns at the one connection, and
// the budget must hold there as well.
describeEachEngine('translation budgets (posts service over HTTP)', (engine) => {
  let tested: TestService;
  let base: string;
  let google: Awaited<ReturnType<typeof startGoogleTranslateListener>>;

  const member = (): Member => newMember();
  /** A posts app with these options; a second one shares the first's database and keys. */
  const startPosts = (options: PostsOptions, shared?: TestService) =>
    startTestService('posts', (platform) => createPostsApp(platform, options), {
      engine,
      ...(shared ? { database: shared.database, identity: shared.identity } : {}),
    });
  const translate = (who: Member, output: string) =>
    call<TranslateOutputResponse & ErrorEnvelope>(base, 'POST', '/api/posts/translateOutput', {
      headers: tested.as(who),
      body: { output, target: 'he' },
    });
  /** Latin text of exactly `length` characters (at least 10), different each time. */
  const english = (length: number) =>
    [...randomBytes(length)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const sentCharacters = () =>
    google.calls.reduce((sum, c) => sum + c.q.reduce((n, text) => n + text.length, 0), 0);
  const resetBudgets = () => tested.database.query('delete from posts.translation_usage');

  beforeAll(async () => {
    google = await startGoogleTranslateListener();
    tested = await startPosts({
      translation: { provider: 'google', key: 'test-key', endpoint: google.url },
      translationBudget: {
        memberDailyCharacters: MEMBER_DAILY,
        siteDailyCharacters: SITE_DAILY,
      },
    });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await google?.close();
  }, SETUP_TIMEOUT_MS);

  beforeEach(() => resetBudgets());

  it('keeps its budgets in the database of the engine it is named for', async () => {
    expect((await translate(member(), english(100))).status).toBe(200);
    expect(await engineBehind(tested.database)).toBe(engine);
    expect(
      await tested.database.count('select count(*)::int as n from posts.translation_usage'),
    ).toBe(2);
  });

  it('refuses a text longer than a post may be, as a validation error, before the provider', async () => {
    // The per-call maximum fits the longest post a member may write (its text and its markup).
    expect(TRANSLATE_MAX).toBeGreaterThanOrEqual(POST_CONTENT_MAX);
    expect(TRANSLATE_MAX).toBeLessThan(100_000);
    const before = sentCharacters();
    const response = await translate(member(), 'a'.repeat(TRANSLATE_MAX + 1));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details).toEqual([
      expect.objectContaining({ field: 'output', code: 'TOO_LONG' }),
    ]);
    expect(sentCharacters()).toBe(before);
  });

  it('stops a member whose daily characters are spent, without calling the provider, until the next day', async () => {
    const reader = member();
    const other = member();
    expect((await translate(reader, english(600))).status).toBe(200);
    const before = sentCharacters();
    const spent = await translate(reader, english(500));
    expect(spent.status).toBe(429);
    expect(spent.body.code).toBe('TRANSLATION_BUDGET_SPENT');
    expect(spent.body.message).toBe(
      'Today’s translation allowance is used up. Please try again tomorrow',
    );
    expect(spent.body.details).toEqual({
      scope: 'member',
      limit: MEMBER_DAILY,
      resetsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/),
    });
    expect(sentCharacters()).toBe(before);
    // What is left can still be used, to the character.
    expect((await translate(reader, english(400))).status).toBe(200);
    expect((await translate(reader, english(10))).status).toBe(429);
    // Another member has a budget of their own.
    expect((await translate(other, english(500))).status).toBe(200);
    // A new day (UTC), a new budget.
    await tested.database.query('update posts.translation_usage set day = day - 1');
    expect((await translate(reader, english(500))).status).toBe(200);
  });

  it('counts only characters sent to the provider: stored translations are free', async () => {
    const reader = member();
    const text = english(900);
    expect((await translate(reader, text)).body.cached).toBe(false);
    const before = sentCharacters();
    for (let i = 0; i < 5; i++) {
      const again = await translate(reader, text);
      expect(again.status).toBe(200);
      expect(again.body.cached).toBe(true);
    }
    // Another member reading the same text pays nothing either.
    expect((await translate(member(), text)).body.cached).toBe(true);
    expect(sentCharacters()).toBe(before);
    expect((await translate(reader, english(100))).status).toBe(200);
    expect((await translate(reader, english(10))).status).toBe(429);
  });

  it('stops everyone when the whole site’s daily characters are spent', async () => {
    expect((await translate(member(), english(900))).status).toBe(200);
    expect((await translate(member(), english(900))).status).toBe(200);
    const before = sentCharacters();
    const spent = await translate(member(), english(900));
    expect(spent.status).toBe(429);
    expect(spent.body).toMatchObject({
      code: 'TRANSLATION_BUDGET_SPENT',
      details: { scope: 'site', limit: SITE_DAILY },
    });
    expect(sentCharacters()).toBe(before);
    // The refused member's own budget was not charged for it.
    const rows = await tested.database.query<{ used: number }>(
      "select used from posts.translation_usage where scope <> 'site' order by used",
    );
    expect(rows.map((row) => row.used)).toEqual([900, 900]);
    expect((await translate(member(), english(700))).status).toBe(200);
  });

  it('does not overshoot when many calls race for the last of a budget', async () => {
    const reader = member();
    const before = sentCharacters();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => translate(reader, english(100))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MEMBER_DAILY / 100);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - MEMBER_DAILY / 100);
    expect(sentCharacters() - before).toBe(MEMBER_DAILY);
  });

  it('tells clients whether translation is offered: yes with a provider, no without one', async () => {
    const on = await call<{ available: boolean }>(base, 'GET', '/api/posts/translationStatus');
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ available: true });
    expect(on.headers.get('cache-control')).toBe('public, max-age=300');
    const off = await startPosts({ translation: { provider: 'off' } }, tested);
    try {
      const answer = await call<{ available: boolean }>(
        off.base,
        'GET',
        '/api/posts/translationStatus',
      );
      expect(answer.body).toEqual({ available: false });
      // And nothing is counted for a call that cannot be made.
      const refused = await call<ErrorEnvelope>(off.base, 'POST', '/api/posts/translateOutput', {
        headers: tested.as(member()),
        body: { output: english(50), target: 'he' },
      });
      expect(refused.body.code).toBe('TRANSLATION_UNAVAILABLE');
      expect(await tested.database.query('select * from posts.translation_usage')).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('answers a text already in the target language unchanged: plainly Hebrew without the provider', async () => {
    const reader = member();
    const headers = tested.as(reader);
    const before = sentCharacters();
    const hebrew = `<p>שלום לכולם, ${randomUUID().slice(0, 4)} זה סיפור על קיץ אחד</p>`;
    const same = await call<TranslateOutputResponse>(base, 'POST', '/api/posts/translateOutput', {
      headers,
      body: { output: hebrew, target: 'he' },
    });
    expect(same.body).toEqual({ output: hebrew, source: 'he', target: 'he', cached: false });
    expect(sentCharacters()).toBe(before);
    // English asked into English: the provider detects it, and the text comes back as it was.
    const text = `<p>${english(40)}</p>`;
    const detected = await call<TranslateOutputResponse>(
      base,
      'POST',
      '/api/posts/translateOutput',
      { headers, body: { output: text, target: 'en' } },
    );
    expect(detected.body).toEqual({ output: text, source: 'en', target: 'en', cached: false });
  });

  it('gives back only the characters never sent when a provider fails after billing some', async () => {
    // LibreTranslate takes one text a request: it answers the first chunk, then fails.
    let requests = 0;
    const libre = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        requests += 1;
        const { q } = JSON.parse(body) as { q: string };
        if (requests > 1) {
          response.writeHead(500, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            translatedText: `[he] ${q}`,
            detectedLanguage: { confidence: 90, language: 'en' },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => libre.listen(0, '127.0.0.1', resolve));
    const paid = await startPosts(
      {
        translation: {
          provider: 'libretranslate',
          endpoint: `http://127.0.0.1:${(libre.address() as AddressInfo).port}`,
          key: null,
        },
        translationBudget: { memberDailyCharacters: 50_000, siteDailyCharacters: 50_000 },
      },
      tested,
    );
    try {
      const paragraph = () => `<p>${english(4000)}</p>`;
      const first = paragraph();
      const output = first + paragraph() + paragraph();
      const failed = await call<ErrorEnvelope>(paid.base, 'POST', '/api/posts/translateOutput', {
        headers: tested.as(member()),
        body: { output, target: 'he' },
      });
      expect(failed.body.code).toBe('TRANSLATION_FAILED');
      expect(requests).toBe(2);
      // The first chunk was answered, and billed: it stays spent, for the member and the site.
      const rows = await tested.database.query<{ used: number }>(
        'select used from posts.translation_usage order by scope',
      );
      expect(rows.map((row) => row.used)).toEqual([first.length, first.length]);
    } finally {
      await paid.close();
      await new Promise<void>((resolve) => libre.close(() => resolve()));
    }
  });
});
