import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, readPrefs } from './accessibility-toolbar';

describe('readPrefs', () => {
  it('reads saved preferences and keeps the text scale within bounds', () => {
    expect(readPrefs(JSON.stringify({ textScale: 1.2, contrast: true }))).toEqual({
      ...DEFAULT_PREFS,
      textScale: 1.2,
      contrast: true,
    });
    expect(readPrefs(JSON.stringify({ textScale: 9 })).textScale).toBe(1.6);
    expect(readPrefs('not json')).toEqual(DEFAULT_PREFS);
    expect(readPrefs(null)).toEqual(DEFAULT_PREFS);
  });
});
