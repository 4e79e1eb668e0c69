import type { ApplicationText } from '@mepedia/contracts';
import { catalogs } from '@mepedia/web-i18n';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  TEXT_OVERRIDES_RETRY_MS,
  TEXT_OVERRIDES_TTL_MS,
  builtInMessage,
  resetTextOverrides,
  textOverrides,
} from './text-overrides.server';

/** What the site service answers, and how many times it was asked. */
function site(answers: Array<ApplicationText | Error>) {
  const calls = { count: 0 };
  const read = async () => {
    const answer = answers[Math.min(calls.count, answers.length - 1)]!;
    calls.count += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { read, calls };
}

function recorder() {
  const lines: string[] = [];
  return { lines, log: { warn: (line: string) => void lines.push(line) } };
}

const GOOD: ApplicationText = {
  en: { 'footer.credit': 'Made with care', 'footer.copyright': '© {yeer}' },
  he: { 'footer.credit': 'נבנה באהבה', 'footer.terms': '<b>תנאים</b>' },
};

describe('the server keeps the site text overrides', () => {
  beforeEach(() => resetTextOverrides());

  it('reads once, checks at load, logs each broken override once and skips it', async () => {
    const { read, calls } = site([GOOD]);
    const { lines, log } = recorder();
    const first = await textOverrides(read, { now: 0, log });
    expect(first).toEqual({
      en: { 'footer.credit': 'Made with care' },
      he: { 'footer.credit': 'נבנה באהבה' },
    });
    expect(lines).toEqual([
      'interface text override skipped (en footer.copyright: placeholders the message does not have: yeer)',
      'interface text override skipped (he footer.terms: markup)',
    ]);
    // Later pages within the minute ask nothing.
    for (let i = 0; i < 20; i += 1) await textOverrides(read, { now: 1000 + i, log });
    expect(calls.count).toBe(1);
    // After it: the kept copy at once, one read to renew it, and no second log of the same thing.
    await textOverrides(read, { now: TEXT_OVERRIDES_TTL_MS + 1, log });
    await textOverrides(read, { now: TEXT_OVERRIDES_TTL_MS + 2, log });
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls.count).toBe(2);
    expect(lines).toHaveLength(2);
  });

  it('renders with none when the site cannot answer, keeps the last good copy, and tries again', async () => {
    const { read, calls } = site([new Error('connect ECONNREFUSED'), GOOD, new Error('down')]);
    const { lines, log } = recorder();
    expect(await textOverrides(read, { now: 0, log })).toEqual({ en: {}, he: {} });
    expect(lines).toEqual(['interface text overrides could not be read: connect ECONNREFUSED']);
    expect(await textOverrides(read, { now: TEXT_OVERRIDES_RETRY_MS - 1, log })).toEqual({
      en: {},
      he: {},
    });
    expect(calls.count).toBe(1);
    await textOverrides(read, { now: TEXT_OVERRIDES_RETRY_MS, log });
    await new Promise((resolve) => setImmediate(resolve));
    const good = await textOverrides(read, { now: TEXT_OVERRIDES_RETRY_MS + 1, log });
    expect(good.en['footer.credit']).toBe('Made with care');
    // A failure later keeps what was good.
    const later = TEXT_OVERRIDES_RETRY_MS + TEXT_OVERRIDES_TTL_MS + 1;
    await textOverrides(read, { now: later, log });
    await new Promise((resolve) => setImmediate(resolve));
    expect((await textOverrides(read, { now: later + 1, log })).en['footer.credit']).toBe(
      'Made with care',
    );
  });

  it("knows the pages' own messages as well as the catalogue's", () => {
    expect(builtInMessage('he', 'footer.credit')).toBe(catalogs.he['footer.credit']);
    expect(builtInMessage('en', 'me.previous')).toBeDefined();
    expect(builtInMessage('en', 'toString')).toBeUndefined();
    expect(builtInMessage('en', 'no.such.key')).toBeUndefined();
  });

  it('leaves the API’s error messages alone: an override of one is refused and logged', async () => {
    expect(builtInMessage('en', 'error.RATE_LIMITED')).toBeUndefined();
    const { read } = site([{ en: { 'error.RATE_LIMITED': 'Slow down' }, he: {} }]);
    const { lines, log } = recorder();
    expect(await textOverrides(read, { now: 0, log })).toEqual({ en: {}, he: {} });
    expect(lines).toEqual([
      'interface text override skipped (en error.RATE_LIMITED: not a message of the web app)',
    ]);
  });
});
