import {
  catalogueRoutes,
  ErrorEnvelope,
  routeErrorCodes,
  type ApiRoute,
  type CurrentUser,
  type RegisterResponse,
  validationMessage,
} from '@mepedia/contracts';
import {
  call,
  CookieJar,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  verifyThroughOutbox,
  type TestResponse,
} from '@mepedia/server-testing';
import { startTestStandalone } from './test-standalone';

// ---------------------------------------------------------------------------
// HOSTILE INPUT, FROM THE ROUTE TABLE. Every route that takes a JSON body gets, in each of its
// fields, values of every wrong type, text a database or a parser might choke on, and whole
// bodies built to hurt (prototype pollution, deep nesting, oversize), from a signed-in member
// through npm start's gateway on PostgreSQL. Each answer must be either a success or a refusal
// the reference documents for that route, in the error envelope: never a 5xx. What is shown in
// a browser is apps/web/e2e/hostile.e2e.ts's part.
// ---------------------------------------------------------------------------

type Shaped = { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };

/** The top-level fields of a route's body schema (through a transform or a refinement). */
function fieldsOf(route: ApiRoute): string[] {
  const schema = route.body as Shaped | undefined;
  if (!schema) return [];
  const def = schema._zod?.def ?? {};
  const inner = (def['in'] ?? def['schema']) as Shaped | undefined;
  return Object.keys(schema.shape ?? inner?.shape ?? {});
}

const WRONG_TYPES: ReadonlyArray<[string, unknown]> = [
  ['a number', 12345],
  ['a negative fraction', -1.5],
  ['true', true],
  ['null', null],
  ['an array', ['a', 1]],
  ['an object', { $ne: null, $gt: '' }],
  ['a huge number', 1e308],
];

const NASTY_TEXT: ReadonlyArray<[string, string]> = [
  ['SQL', "x' OR '1'='1'; DROP TABLE users.users; --"],
  ['a NUL', 'before\u0000after'],
  ['a lone surrogate', 'broken \uD83D text'],
  ['an RTL override', 'name\u202Egnp.exe'],
  ['a script', '<script>alert(1)</script><img src=x onerror=alert(2)>'],
  ['a format string', '%s%s%s%n%x {{7*7}} ${7*7}'],
  ['100,000 letters', 'א'.repeat(100_000)],
];

/** Each wrong value for one field, the rest of the body a plausible one. */
const PLAUSIBLE: Record<string, unknown> = {
  postId: '01900000-0000-7000-8000-000000000001',
  id: '01900000-0000-7000-8000-000000000001',
  messageId: '01900000-0000-7000-8000-000000000001',
  questionId: 'roots',
  questionIndex: 1,
  version: 0,
  collectionName: 'posts',
  objectId: 'abc',
  name: 'heart',
  message: 'hello',
  tag: null,
  title: 'A title',
  content: '<p>Some text</p>',
  language: 'en',
  target: 'he',
  output: 'hello',
};

function concretePath(route: ApiRoute): string {
  return route.path.replace(/\{[^}]+\}/g, '01900000-0000-7000-8000-000000000001');
}

describe('hostile input, from the route table', () => {
  let standalone: Awaited<ReturnType<typeof startTestStandalone>> | undefined;
  let url: string;
  const member = new CookieJar();
  let memberId: string;

  beforeAll(async () => {
    standalone = await startTestStandalone();
    url = standalone.url;
    const registration = newRegistration();
    const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    const verified = await verifyThroughOutbox(url, registration, created);
    member.store(verified.headers);
    memberId = created.body.userId;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
  }, SETUP_TIMEOUT_MS);

  /** A success, or a refusal this route documents, in the envelope: never a 5xx. */
  function expectHandled(route: ApiRoute, what: string, answer: TestResponse<unknown>) {
    const shown = { what, status: answer.status, body: answer.text.slice(0, 200) };
    expect(shown.status < 500 ? shown : { ...shown, problem: 'a 5xx' }).toEqual(shown);
    if (answer.status < 400) return;
    const envelope = ErrorEnvelope.safeParse(answer.body);
    expect({ ...shown, envelope: envelope.success }).toEqual({ ...shown, envelope: true });
    expect(routeErrorCodes(route, { rateLimited: true })).toContain(envelope.data?.code);
  }

  const withBodies = catalogueRoutes().filter((route) => route.body && fieldsOf(route).length > 0);

  it('finds the fields of every body schema', () => {
    expect(withBodies.length).toBeGreaterThan(40);
    expect(catalogueRoutes().filter((route) => route.body && fieldsOf(route).length === 0)).toEqual(
      [],
    );
  });

  it.each(withBodies.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: every field, every wrong type and nasty text',
    async (_name, route) => {
      const base = Object.fromEntries(
        fieldsOf(route)
          .filter((field) => field in PLAUSIBLE)
          .map((field) => [field, PLAUSIBLE[field]]),
      );
      for (const field of fieldsOf(route)) {
        for (const [what, value] of [...WRONG_TYPES, ...NASTY_TEXT]) {
          // Never the member's own password or account: the walk must keep its member.
          if (route.path === '/api/users/deleteUserById' || route.path.endsWith('/logout'))
            continue;
          const answer = await call(url, route.method, concretePath(route), {
            headers: member.header(),
            body: { ...base, [field]: value },
          });
          expectHandled(route, `${field} as ${what}`, answer);
          if (what === 'a NUL' || what === 'a lone surrogate')
            // Refused with the field named, or (where the field is ignored) changed nothing.
            if (answer.status === 400)
              expect(answer.text).toMatch(/UNSUPPORTED_CHARACTER|INVALID_VALUE|VALIDATION_FAILED/);
        }
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it.each([
    ['__proto__', '{"__proto__":{"polluted":true},"moto":"x"}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}},"moto":"x"}'],
    ['a nested __proto__', '{"moto":"x","links":{"__proto__":{"polluted":true}}}'],
  ])('refuses a body carrying %s, and nothing is polluted', async (_name, text) => {
    const answer = await call(url, 'PUT', '/api/users/updateUserInformation', {
      headers: member.header(),
      body: text,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_JSON' });
    // The process still builds objects as before: a later answer has no `polluted` in it.
    const me = await call<CurrentUser>(url, 'POST', '/api/users/session', {
      headers: member.header(),
    });
    expect(me.text).not.toContain('polluted');
    expect(me.body.id).toBe(memberId);
  });

  it('answers a body nested 100,000 deep, and one past the size limit, without falling over', async () => {
    const deep = `{"moto":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const nested = await call(url, 'PUT', '/api/users/updateUserInformation', {
      headers: member.header(),
      body: deep,
    });
    expect([400]).toContain(nested.status);
    const big = await call(url, 'PUT', '/api/users/updateUserInformation', {
      headers: member.header(),
      body: JSON.stringify({ moto: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect((await call(url, 'GET', '/health/ready')).status).toBe(200);
  });

  it('keeps text exactly as sent: SQL-shaped, RTL overrides, joined emoji, niqqud', async () => {
    for (const text of [
      "Robert'); DROP TABLE users.users;--",
      'שָׁלוֹם עוֹלָם',
      '👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽',
      'abc\u202Edef\u202C \u200D\u200C',
    ]) {
      const saved = await call<CurrentUser>(url, 'PUT', '/api/users/updateUserInformation', {
        headers: member.header(),
        body: { moto: text },
      });
      expect(saved.status).toBe(200);
      const profile = await call<{ moto: string }>(
        url,
        'GET',
        `/api/users/getProfileById/${memberId}`,
      );
      expect(profile.body.moto).toBe(text);
    }
  });

  it('refuses a NUL or a broken character with the field named, in the member’s language', async () => {
    const answer = await call<{ details: Array<{ field: string; code: string; message: string }> }>(
      url,
      'PUT',
      '/api/users/updateUserInformation',
      { headers: member.header(), body: { moto: 'a\u0000b' } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'moto',
        code: 'UNSUPPORTED_CHARACTER',
        message: validationMessage('UNSUPPORTED_CHARACTER', 'en'),
      },
    ]);
  });
});
