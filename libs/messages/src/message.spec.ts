import { MessageSyntaxError, messageArguments, messageProblem, parseMessage } from './message';

describe(parseMessage.name, () => {
  it('reads ICU MessageFormat, tags as text', () => {
    expect(parseMessage('Hi <b>{name}</b>')).toEqual([
      { type: 0, value: 'Hi <b>' },
      { type: 1, value: 'name' },
      { type: 0, value: '</b>' },
    ]);
  });

  it.each([
    ['Unclosed {year', /EXPECT_ARGUMENT_CLOSING_BRACE at 9/],
    ['{count, plural, one {# item}}', /MISSING_OTHER_CLAUSE/],
    ['Stray } brace', /a brace that is not part of an argument/],
    ['{n, plural, one {#} other {# }}}', /a brace that is not part of an argument/],
    ['{when, date, someday}', /a date style the formatter does not know/],
    ['{n, number, pennies}', /a number style the formatter does not know/],
  ])('refuses %s', (source, reason) => {
    expect(() => parseMessage(source)).toThrow(MessageSyntaxError);
    expect(() => parseMessage(source)).toThrow(reason);
  });

  it('takes quoted braces at their word', () => {
    expect(parseMessage("Use '{name}' for the name")).toEqual([
      { type: 0, value: 'Use {name} for the name' },
    ]);
  });
});

describe(messageArguments.name, () => {
  it('says how each argument is used, nested ones too', () => {
    expect([
      ...messageArguments(
        '{count, plural, =0 {none} other {# by {name}}} {kind, select, a {A} other {{when, date, short}}}',
      ),
    ]).toEqual([
      ['count', 'number'],
      ['name', 'any'],
      ['kind', 'text'],
      ['when', 'date'],
    ]);
  });
});

describe(messageProblem.name, () => {
  const english = 'Hi {name}, {count, plural, one {# reply} other {# replies}}';

  it('accepts a translation with the same placeholders, or fewer', () => {
    expect(
      messageProblem(
        'שלום {name}, {count, plural, one {תגובה אחת} two {שתי תגובות} other {# תגובות}}',
        english,
      ),
    ).toBeNull();
    expect(messageProblem('{count, number} replies', english)).toBeNull();
  });

  it('refuses a placeholder the reference lacks, or one used as another kind of value', () => {
    expect(messageProblem('Hi {nmae}', english)).toBe(
      'placeholders the message does not have: nmae',
    );
    expect(messageProblem('{name, plural, one {#} other {#}}', english)).toMatch(
      /another kind of value: name \(number, the message's is any\)/,
    );
    expect(messageProblem('{count, date}', english)).toMatch(/another kind of value: count/);
  });

  it('refuses broken ICU and empty text, and a reference it cannot read', () => {
    expect(messageProblem('{count, plural, one {#}}')).toMatch(/^ICU syntax: MISSING_OTHER_CLAUSE/);
    expect(messageProblem('  ')).toBe('no text');
    expect(messageProblem('Hi', 'Hi {')).toBe('the message it stands for cannot be read');
  });

  it('reads parsed messages as it reads text', () => {
    expect(messageProblem(parseMessage('Hi {nmae}'), parseMessage(english))).toMatch(/nmae/);
  });
});
