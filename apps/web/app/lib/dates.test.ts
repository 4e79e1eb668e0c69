import { describe, expect, it } from 'vitest';
import { absoluteDate, relativeDate } from './dates';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeDate', () => {
  it('says how long ago in the largest unit that fits, in English', () => {
    expect(relativeDate(ago(10), 'en', now)).toBe('now');
    expect(relativeDate(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(relativeDate(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(relativeDate(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(relativeDate(ago(3 * 86400), 'en', now)).toBe('3 days ago');
    expect(relativeDate(ago(15 * 86400), 'en', now)).toBe('2 weeks ago');
    expect(relativeDate(ago(400 * 86400), 'en', now)).toBe('last year');
  });

  it('and in Hebrew', () => {
    expect(relativeDate(ago(26 * 3600), 'he', now)).toBe('אתמול');
    expect(relativeDate(ago(3 * 86400), 'he', now)).toBe('לפני 3 ימים');
  });
});

describe('absoluteDate', () => {
  it('writes the date out in the page’s language', () => {
    expect(absoluteDate('2026-11-22T12:00:00Z', 'en')).toBe('22 Nov 2026');
    expect(absoluteDate('2026-11-22T12:00:00Z', 'he')).toMatch(/22.*2026/);
  });
});
