import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { testRunId } from './test-database';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A Redis key prefix of this test file's own; `cleanup` deletes every key under it. */
export function testRedisPrefix(): { url: string; prefix: string; cleanup(): Promise<void> } {
  const prefix = `mptest:${testRunId()}:${randomBytes(4).toString('hex')}`;
  return {
    url: TEST_REDIS_URL,
    prefix,
    cleanup: async () => {
      const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}
