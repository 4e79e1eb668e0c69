import { PARSE_OPTIONS, compileMessage, isPlainText, parseMessage } from '@mepedia/messages';
import { catalogs, postMessages, settingsMessages } from '@mepedia/web-i18n';
import { describe, expect, it } from 'vitest';
import { precompile, precompileModule } from './vite-messages';

const samples = { name: 'Noa', count: 2, year: 2026, step: 1, email: 'noa@example.com' };

describe('the build parses the catalogues', () => {
  it('reads every message as the formatter does, so each formats the same parsed or not', () => {
    for (const [where, languages] of Object.entries({
      interface: catalogs,
      post: postMessages,
      settings: settingsMessages,
    }))
      for (const locale of ['en', 'he'] as const) {
        // Text in the sources, as vitest reads them (only the build parses them).
        const messages: object = languages[locale];
        const texts = messages as Readonly<Record<string, string>>;
        const compiled = precompile(texts, where);
        for (const [key, source] of Object.entries(texts)) {
          // Text stays text exactly when the formatter would not parse it.
          expect([key, typeof compiled[key] === 'string']).toEqual([key, isPlainText(source)]);
          if (typeof compiled[key] !== 'string')
            expect([key, compiled[key]]).toEqual([key, parseMessage(source)]);
          expect([key, compileMessage(compiled[key]!, locale)(samples)]).toEqual([
            key,
            compileMessage(source, locale)(samples),
          ]);
        }
      }
    expect(PARSE_OPTIONS).toEqual({ ignoreTag: true, requiresOtherClause: true });
  });

  it('fails the build on a message that does not parse, naming it', () => {
    expect(() =>
      precompile({ ok: 'Fine', 'postPage.shares': '{count, plural, one {# share}}' }, 'post.ts'),
    ).toThrow(
      'post.ts: the message "postPage.shares" is not ICU MessageFormat (MISSING_OTHER_CLAUSE)',
    );
  });

  it('writes a catalogue module again with its groups pointing at its messages', () => {
    const written = precompileModule(
      [
        '// A page.',
        'export const pageEn = { "page.title": "Title", "page.count": "{n, plural, one {# row} other {# rows}}" };',
        'export const pageHe = { "page.title": "כותרת", "page.count": "{n, plural, one {שורה} other {# שורות}}" };',
        'export const pageMessages = { en: pageEn, he: pageHe };',
      ].join('\n'),
      'page.ts',
    );
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the module just written
    const run = new Function(
      `${written.replace(/^export const /gm, 'const ')}\nreturn { pageEn, pageHe, pageMessages };`,
    ) as () => Record<string, Record<string, unknown>>;
    const exports = run();
    expect(exports['pageEn']!['page.title']).toBe('Title');
    expect(exports['pageEn']!['page.count']).toEqual(
      parseMessage('{n, plural, one {# row} other {# rows}}'),
    );
    expect(exports['pageMessages']!['en']).toBe(exports['pageEn']);
    expect(exports['pageMessages']!['he']).toBe(exports['pageHe']);
    // Exported in one list at the end, as esbuild writes a module for the browser.
    expect(precompileModule('const aEn = { k: "{n, number}" };\nexport { aEn };', 'a.ts')).toBe(
      'export const aEn = {"k":[{"type":2,"value":"n","style":null}]};',
    );
    expect(() => precompileModule('export const x = 1;', 'x.ts')).toThrow(
      'x.ts: the export "x" is neither messages nor a group of them',
    );
    expect(() =>
      precompileModule('import { x } from "./x";\nexport const a = { k: "v" };', 'a.ts'),
    ).toThrow('imports only types');
  });
});
