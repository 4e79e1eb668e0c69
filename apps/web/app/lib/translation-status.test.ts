import { afterEach, describe, expect, it } from 'vitest';
import {
  resetTranslationStatus,
  TRANSLATION_STATUS_RETRY_MS,
  TRANSLATION_STATUS_TTL_MS,
  translationAvailable,
} from './translation-status.server';

describe('translationAvailable', () => {
  afterEach(() => resetTranslationStatus());

  it('reads the status once, keeps it a minute, then reads it again', async () => {
    let reads = 0;
    const read = (available: boolean) => () => {
      reads += 1;
      return Promise.resolve({ available });
    };
    expect(await translationAvailable(read(true), 0)).toBe(true);
    expect(await translationAvailable(read(false), TRANSLATION_STATUS_TTL_MS - 1)).toBe(true);
    expect(reads).toBe(1);
    // Expired: the kept answer serves while one read renews it.
    expect(await translationAvailable(read(false), TRANSLATION_STATUS_TTL_MS)).toBe(true);
    await Promise.resolve();
    expect(await translationAvailable(read(true), TRANSLATION_STATUS_TTL_MS + 1)).toBe(false);
    expect(reads).toBe(2);
  });

  it('offers nothing when the status cannot be read, and asks again soon', async () => {
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('down'));
    };
    expect(await translationAvailable(failing, 0)).toBe(false);
    expect(await translationAvailable(failing, TRANSLATION_STATUS_RETRY_MS - 1)).toBe(false);
    expect(reads).toBe(1);
    expect(
      await translationAvailable(
        () => Promise.resolve({ available: true }),
        TRANSLATION_STATUS_RETRY_MS,
      ),
    ).toBe(false);
    await Promise.resolve();
    expect(await translationAvailable(failing, TRANSLATION_STATUS_RETRY_MS + 1)).toBe(true);
  });
});
