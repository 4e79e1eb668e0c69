import { describe, expect, it } from 'vitest';
import { ensureRandomIdentifier, isChunkLoadError, shouldReloadForChunk } from './client-effects';

describe('ensureRandomIdentifier', () => {
  it('keeps 24 hex characters once made', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const id = ensureRandomIdentifier(storage);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(ensureRandomIdentifier(storage)).toBe(id);
    store.set('randomIdentifier', 'garbage');
    expect(ensureRandomIdentifier(storage)).not.toBe('garbage');
  });
});

describe('chunk-load errors', () => {
  it('recognises them and reloads at most once a minute', () => {
    expect(isChunkLoadError('Loading chunk 42 failed.')).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /assets/x.js')).toBe(
      true,
    );
    expect(isChunkLoadError('TypeError: x is undefined')).toBe(false);
    expect(shouldReloadForChunk(null, 1000)).toBe(true);
    expect(shouldReloadForChunk(1000, 30_000)).toBe(false);
    expect(shouldReloadForChunk(1000, 62_000)).toBe(true);
  });
});
