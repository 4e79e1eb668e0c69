import { hostname } from 'node:os';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { startServiceApp } from '@mepedia/server-platform';
import { InProcessBus, InProcessQueue, RedisBus } from '@mepedia/server-queue';
import {
  call,
  createTestDatabase,
  eventually,
  parseSetCookie,
  runCommand,
  SETUP_TIMEOUT_MS,
  testIdentity,
  testRedisPrefix,
} from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ResolvedSession } from '../src/sessions.service';
import { createTestUsersApp } from './users-app';
import { captureMessages, registerVerified } from './verified-member';

const admin = (args: string[], env: Record<string, string>) =>
  runCommand('dist/apps/users/src/admin.js', args, env);

// The operator's command against PostgreSQL (services mode, the Kubernetes Job): it finds the
// member in the users schema, writes the role and its audit, and tells the gateways on Redis.
describe('npm run admin on PostgreSQL', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);
  const redis = testRedisPrefix();
  const heard: unknown[] = [];
  let listener: RedisBus;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url });
    ({ app, base } = await startServiceApp('users', createTestUsersApp, {
      database: handle,
      queue,
      bus: new InProcessBus(),
      identityPublicKey: identity.keys.publicKey,
    }));
    listener = new RedisBus(redis.url, redis.prefix);
    await listener.subscribe('sessions.revoked', (message) => heard.push(message));
    env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix };
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await database?.drop();
    await listener?.close();
    await queue.close();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  async function signedIn() {
    const { registration, userId } = await registerVerified(base, messages);
    const login = await call(base, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    return { email: registration.email, userId, token: parseSetCookie(login.headers)!.value };
  }

  const resolveSession = async (token: string) =>
    (
      await call<{ session: ResolvedSession | null }>(base, 'POST', '/internal/sessions/resolve', {
        body: { token },
        headers: {
          'x-mepedia-identity': identity.assert({ kind: 'service', service: 'gateway' }, 'users'),
        },
      })
    ).body.session;

  it('grants, revokes, lists and audits, telling the gateways each time', async () => {
    const ada = await signedIn();
    const granted = await admin(['grant', 'moderator', ada.email, '--by', 'ada'], env);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toMatch(`Granted moderator to ${ada.email} (roles now: moderator)`);
    expect(await resolveSession(ada.token)).toMatchObject({ roles: ['moderator'] });
    await eventually(() =>
      heard.find((message) => JSON.stringify(message) === JSON.stringify({ userId: ada.userId })),
    );

    const twice = await admin(['grant', 'moderator', ada.email], env);
    expect(twice).toMatchObject({
      code: 0,
      stdout: `${ada.email} is already a moderator: nothing changed.\n`,
    });

    const list = await admin(['list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      new RegExp(`^moderator\\s+${ada.email.replace(/[.+]/g, '\\$&')}\\s`, 'm'),
    );

    const revoked = await admin(['revoke', 'moderator', ada.email, '--by', 'grace'], env);
    expect(revoked.stdout).toMatch(`Revoked moderator from ${ada.email} (roles now: none).`);
    expect(await resolveSession(ada.token)).toMatchObject({ roles: [] });

    const audit = await admin(['audit', '--limit', '2'], env);
    const lines = audit.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^WHEN\s+ACTION\s+ROLE\s+MEMBER\s+BY$/);
    // Newest first, one line per change (granting twice wrote none).
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`revoke\\s+moderator\\s+\\S+\\s+cli:grace@${hostname()}$`)),
      expect.stringMatching(new RegExp(`grant\\s+moderator\\s+\\S+\\s+cli:ada@${hostname()}$`)),
    ]);
  });

  it('exits 3 for an unknown email and 2 for a wrong command, touching nothing', async () => {
    const unknown = await admin(['grant', 'admin', 'nobody@example.com'], env);
    expect(unknown).toEqual({
      code: 3,
      stdout: '',
      stderr: 'No member has the email nobody@example.com.\n',
    });
    const role = await admin(['grant', 'superuser', 'nobody@example.com'], env);
    expect(role.code).toBe(2);
    expect(role.stderr).toMatch(/^Unknown role "superuser": the roles are moderator and admin\./);
    const missing = await admin(['revoke', 'moderator'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Missing the email: npm run admin -- revoke moderator <email>/);
    const none = await admin([], env);
    expect(none.code).toBe(2);
  });

  it('exits 1 with the reason when the database cannot be reached', async () => {
    const away = await admin(['list'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
    });
    expect(away.code).toBe(1);
    expect(away.stderr).toMatch(/ECONNREFUSED/);
  });
});
