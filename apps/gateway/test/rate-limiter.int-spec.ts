import { SETUP_TIMEOUT_MS, testRedisPrefix } from '@mepedia/server-testing';
import { RedisRateLimitStore } from '../src/rate-limiter';

describe(RedisRateLimitStore.name, () => {
  const redis = testRedisPrefix();
  const store = new RedisRateLimitStore(redis.url, redis.prefix);

  afterAll(async () => {
    await store.close();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  it('counts hits across replicas in one window', async () => {
    const other = new RedisRateLimitStore(redis.url, redis.prefix);
    expect((await store.hit('login:email:a@example.com', 2, 60)).allowed).toBe(true);
    expect((await other.hit('login:email:a@example.com', 2, 60)).allowed).toBe(true);
    const third = await store.hit('login:email:a@example.com', 2, 60);
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
    await other.close();
  });

  it('starts a fresh window when the old one expires', async () => {
    expect((await store.hit('short', 1, 1)).allowed).toBe(true);
    expect((await store.hit('short', 1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await store.hit('short', 1, 1)).allowed).toBe(true);
  });
});
