import { describe, expect, it } from 'vitest';
import { loader } from './design';

type LoaderArgs = Parameters<typeof loader>[0];
const args = (production: boolean) =>
  ({ context: { web: { production } } }) as unknown as LoaderArgs;

describe('the design gallery', () => {
  it('exists in development and is 404 in production', () => {
    expect(loader(args(false))).toBeNull();
    let thrown: unknown;
    try {
      loader(args(true));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
