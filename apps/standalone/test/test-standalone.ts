import { createTestDatabase, startProcess, translationListener } from '@mepedia/server-testing';
import { everyRateLimitAt } from '../../gateway/src/gateway.config';

/**
 * npm start's process for a suite of its own: a fresh PostgreSQL database, translation against a
 * stand-in provider, no rate limit in the way. `stop()` ends the process and drops the database.
 */
export async function startTestStandalone(): Promise<{ url: string; stop(): Promise<void> }> {
  const database = await createTestDatabase();
  const translation = translationListener();
  try {
    const standalone = await startProcess(
      'dist/apps/standalone/src/main.js',
      {
        DATABASE_URL: database.url,
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
      stop: async () => {
        await standalone.stop();
        await translation.close();
        await database.drop();
      },
    };
  } catch (error) {
    await translation.close();
    await database.drop();
    throw error;
  }
}
