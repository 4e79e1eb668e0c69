import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, startProcess, translationListener } from '@mepedia/server-testing';
import { everyRateLimitAt } from '../../gateway/src/gateway.config';

/**
 * npm start's process for a suite of its own: a fresh PostgreSQL database, translation against a
 * stand-in provider, images in a folder of its own (never the developer's ./.data), no rate limit
 * in the way. `stop()` ends the process, drops the database and removes the folder.
 */
export async function startTestStandalone(): Promise<{
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
