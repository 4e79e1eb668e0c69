// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  RETURN_PATH_MAX_AGE_MS,
  rememberReturnPath,
  safeReturnPath,
  takeReturnPath,
} from './return-path';

afterEach(() => window.localStorage.clear());

describe('the return path after registration', () => {
  it('accepts only a circle invitation on this site', () => {
    expect(safeReturnPath('/circle/join/AbC_d-9')).toBe('/circle/join/AbC_d-9');
    expect(safeReturnPath('/he/circle/join/AbC_d-9')).toBe('/he/circle/join/AbC_d-9');
    for (const unsafe of [
      null,
      '',
      'circle/join/abc',
      '//evil.example/circle/join/abc',
      '/\\evil.example/circle/join/abc',
      'https://evil.example/circle/join/abc',
      'javascript:alert(1)',
      '/circle/join/abc/../../people',
      '/circle/join/abc?x=1',
      '/profile/settings',
    ])
      expect(safeReturnPath(unsafe), String(unsafe)).toBeNull();
  });

  it('is kept across tabs (local storage) and taken once', () => {
    rememberReturnPath('/he/circle/join/tok_1', 1_000);
    expect(takeReturnPath(2_000)).toBe('/he/circle/join/tok_1');
    // Taken: the next verification in this browser goes to the welcome page as usual.
    expect(takeReturnPath(3_000)).toBeNull();
  });

  it('keeps nothing that is not safe, and forgets a wish older than a day', () => {
    rememberReturnPath('//evil.example/circle/join/abc', 1_000);
    expect(takeReturnPath(2_000)).toBeNull();
    rememberReturnPath('/circle/join/tok_2', 1_000);
    expect(takeReturnPath(1_000 + RETURN_PATH_MAX_AGE_MS + 1)).toBeNull();
  });

  it('checks again what it reads: storage another script wrote is not trusted', () => {
    window.localStorage.setItem(
      'mepedia.afterVerification',
      JSON.stringify({ path: 'https://evil.example/', at: 1_000 }),
    );
    expect(takeReturnPath(2_000)).toBeNull();
    window.localStorage.setItem('mepedia.afterVerification', 'not json');
    expect(takeReturnPath(2_000)).toBeNull();
  });
});
