import { MemoryRateLimitStore } from './rate-limiter';

describe(MemoryRateLimitStore.name, () => {
  it('allows `limit` hits per window, then says when to come back', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    for (let i = 0; i < 3; i++)
      expect((await store.hit('login:ip:1.2.3.4', 3, 60)).allowed).toBe(true);
    now += 15_000;
    expect(await store.hit('login:ip:1.2.3.4', 3, 60)).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
    expect((await store.hit('login:ip:5.6.7.8', 3, 60)).allowed).toBe(true);
    now += 45_000;
    expect((await store.hit('login:ip:1.2.3.4', 3, 60)).allowed).toBe(true);
  });
});
