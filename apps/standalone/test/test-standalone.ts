import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { MemberRole, RegisterResponse, SessionUser } from '@mepedia/contracts';
import {
  call,
  CookieJar,
  createTestDatabase,
  eventually,
  newRegistration,
  runCommand,
  startProcess,
  translationListener,
  verifyThroughOutbox,
} from '@mepedia/server-testing';
import { everyRateLimitAt } from '../../gateway/src/gateway.config';

/**
 * npm start's process for a suite of its own: a fresh PostgreSQL database, translation against a
 * stand-in provider, images in a folder of its own (never the developer's ./.data), no rate limit
 * in the way. `stop()` ends the process, drops the database and removes the folder.
 */
export async function startTestStandalone(env: Record<string, string> = {}): Promise<{
  url: string;
  /** The process's database, for a suite that must set up what only a migration writes. */
  databaseUrl: string;
  stop(): Promise<void>;
}> {
  const database = await createTestDatabase();
  const translation = translationListener();
  const dataDir = await mkdtemp(join(tmpdir(), 'mepedia-standalone-'));
  const cleanUp = async () => {
    await translation.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const standalone = await startProcess(
      'dist/apps/standalone/src/main.js',
      {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        TRANSLATION_PROVIDER: 'google',
        GOOGLE_TRANSLATE_KEY: 'test-key',
        GOOGLE_TRANSLATE_ENDPOINT: await translation.start(),
        // Suites call many routes many times from one address; the gateway's tests test limits.
        ...everyRateLimitAt(1_000_000),
        // Every member here is new, and many write links: review holds are tested where they
        // are made (posts, feed-messages, moderation) and by a suite that turns them on.
        MODERATION_REVIEW_FIRST_LINKS: '0',
        ...env,
      },
      /ready at (http:\/\/\S+)/,
    );
    return {
      url: standalone.match[1]!,
      databaseUrl: database.url,
      stop: async () => {
        await standalone.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A member signed in through the gateway: the cookies their browser would hold. */
export type GatewayMember = { jar: CookieJar; userId: string };

/** Registers and verifies a new member through the gateway at `url`, as a browser would. */
export async function newGatewayMember(url: string): Promise<GatewayMember> {
  const registration = newRegistration();
  const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
    body: registration,
  });
  const verified = await verifyThroughOutbox(url, registration, created);
  const jar = new CookieJar();
  jar.store(verified.headers);
  return { jar, userId: created.body.userId };
}

/** A small picture uploaded by `member` through the gateway at `url` for a post: its id. */
export async function uploadPostImage(url: string, member: GatewayMember): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#225588' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shore.png');
  const uploaded = await fetch(`${url}/api/files/uploadApplicationFile`, {
    method: 'POST',
    headers: member.jar.header(),
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
  return ((await uploaded.json()) as { id: string }).id;
}

/**
 * Gives `member` a role as an operator does, with the admin command on the process's database
 * (`databaseUrl`), and waits until the gateway carries it (its session cache keeps the member a
 * few seconds: this process runs without Redis, so nothing announces the change). The member.
 */
export async function grantRole<M extends { jar: CookieJar }>(
  url: string,
  databaseUrl: string,
  member: M,
  role: MemberRole,
): Promise<M> {
  const session = () =>
    call<SessionUser>(url, 'POST', '/api/users/session', { headers: member.jar.header() });
  const { email } = (await session()).body;
  const granted = await runCommand(
    'dist/apps/users/src/admin.js',
    ['grant', role, email, '--by', 'tests'],
    { DATABASE_URL: databaseUrl },
  );
  if (granted.code !== 0)
    throw new Error(`admin grant answered ${granted.code}: ${granted.stderr}`);
  await eventually(async () => ((await session()).body.roles.includes(role) ? true : undefined), {
    timeoutMs: 30_000,
    what: `${email} holding ${role}`,
  });
  return member;
}
