import { catalogueProblems, describeProblems } from './catalogue';
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
});
