import { catalogueFormatter, compileMessage } from './format';
import { parseMessage } from './message';

describe(compileMessage.name, () => {
  it('formats plurals by the language’s rules: Hebrew has a dual', () => {
    const he = compileMessage('{n, plural, one {דקה אחת} two {שתי דקות} other {# דקות}}', 'he');
    expect([1, 2, 3, 10, 1000].map((n) => he({ n }))).toEqual([
      'דקה אחת',
      'שתי דקות',
      '3 דקות',
      '10 דקות',
      '1,000 דקות',
    ]);
    const en = compileMessage('{n, plural, =0 {none} one {# minute} other {# minutes}}', 'en');
    expect([0, 1, 2].map((n) => en({ n }))).toEqual(['none', '1 minute', '2 minutes']);
  });

  it('prints a plain argument as given, selects, and keeps literal quotes', () => {
    const t = compileMessage(
      "{name} ({kind, select, draft {draft} other {live}}) in {year}: it''s {code}",
      'en',
    );
    expect(t({ name: 'Dana', kind: 'draft', year: 2026, code: '042917' })).toBe(
      "Dana (draft) in 2026: it's 042917",
    );
  });

  it('formats a message given parsed as it formats the text', () => {
    const source = '{count, plural, one {# story} other {# stories}} by {name}';
    expect(compileMessage(parseMessage(source), 'en')({ count: 3, name: 'Noa' })).toBe(
      compileMessage(source, 'en')({ count: 3, name: 'Noa' }),
    );
  });

  it('prints a value left out as nothing, and says so', () => {
    const missing: string[] = [];
    const t = compileMessage('Hi {name}!', 'en', (name) => missing.push(name));
    expect(t()).toBe('Hi !');
    expect(missing).toEqual(['name']);
  });

  it('throws on text that is not ICU', () => {
    expect(() => compileMessage('Hi {name', 'en')).toThrow(/EXPECT_ARGUMENT_CLOSING_BRACE/);
  });
});

describe(catalogueFormatter.name, () => {
  const t = catalogueFormatter({ greet: 'Hi {name}', plain: 'Plain' } as const, 'en');

  it('formats a catalogue’s messages by key', () => {
    expect(t('greet', { name: 'Noa' })).toBe('Hi Noa');
    expect(t('plain')).toBe('Plain');
  });

  it('fails loudly on a missing value or key: the callers are code', () => {
    expect(() => t('greet')).toThrow('the message "greet" needs a value for "name"');
    expect(() => (t as (key: string) => string)('nothing')).toThrow('no message "nothing"');
  });
});
