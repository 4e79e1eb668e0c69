import { catalogueProblems, describeProblems } from './catalogue';
import { errorMessages, errorMessagesEn } from './errors';
import { isPlainText } from './message';
import { notificationMessages } from './notifications';

describe(catalogueProblems.name, () => {
  it('finds nothing wrong with the notifications catalogue', () => {
    expect(describeProblems(catalogueProblems('notifications', notificationMessages))).toBe('');
  });

  it('names a broken message, a missing or extra key and a stray placeholder', () => {
    const problems = catalogueProblems('test', {
      en: { a: 'A {name}', b: 'B', c: '{n, plural, one {#} other {#}}', d: 'D {' },
      he: { a: 'א {nmae}', c: '{n, plural, one {#}}', d: 'ד', e: 'ה' },
    });
    expect(describeProblems(problems).split('\n')).toEqual([
      'test en d: ICU syntax: EXPECT_ARGUMENT_CLOSING_BRACE at 2',
      'test he b: missing (the en text has it)',
      'test he a: placeholders the message does not have: nmae',
      'test he c: ICU syntax: MISSING_OTHER_CLAUSE at 19',
      'test he d: the message it stands for cannot be read',
      'test he e: not a key of the en text',
    ]);
  });

  it('finds nothing wrong with the error messages, and each is plain text', () => {
    expect(describeProblems(catalogueProblems('errors', errorMessages))).toBe('');
    // The envelope's message takes no values, and the browser has no parser for ICU text.
    for (const language of [errorMessages.en, errorMessages.he])
      for (const [key, text] of Object.entries(language))
        expect({ key, plain: isPlainText(text) }).toEqual({ key, plain: true });
  });

  it('fails a broken error message: bad ICU, a code without Hebrew, a key English lacks', () => {
    const he: Record<string, string> = { ...errorMessages.he };
    he['error.RATE_LIMITED'] = 'יותר מדי ניסיונות {';
    delete he['error.POST_NOT_FOUND'];
    he['error.NO_SUCH_CODE'] = 'אין';
    const problems = catalogueProblems('errors', { en: errorMessagesEn, he });
    expect(
      problems.map(({ locale, key, problem }) => [locale, key, problem.replace(/:.*/, '')]),
    ).toEqual(
      expect.arrayContaining([
        ['he', 'error.RATE_LIMITED', 'ICU syntax'],
        ['he', 'error.POST_NOT_FOUND', 'missing (the en text has it)'],
        ['he', 'error.NO_SUCH_CODE', 'not a key of the en text'],
      ]),
    );
    expect(problems).toHaveLength(3);
  });
});
