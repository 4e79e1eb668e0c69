import { answerText } from './answers';

describe('answerText', () => {
  it('joins the sub-answers in the question’s order by a line break, not in the order they were typed', () => {
    expect(answerText({ b: 'Second', a: 'First' }, ['a', 'b'])).toBe('First\nSecond');
  });

  it('keeps the member’s words as written: line breaks inside, markup-like text, Hebrew', () => {
    expect(answerText({ a: 'ליד הים\n\nשורה <b> & "quotes"' }, ['a'])).toBe(
      'ליד הים\n\nשורה <b> & "quotes"',
    );
  });

  it('trims each sub-answer of ASCII blanks at its ends and leaves the empty ones out', () => {
    expect(
      answerText({ a: ' \t\n First \r\n', b: '  \f\v ', c: '', d: 'Fourth\n' }, [
        'a',
        'b',
        'c',
        'd',
      ]),
    ).toBe('First\nFourth');
  });

  it('keeps other white space as written (what the SQL of the migrations keeps too)', () => {
    expect(answerText({ a: '\u00a0No-break\u00a0' }, ['a'])).toBe('\u00a0No-break\u00a0');
  });

  it('reads only the question’s sub-questions, and nothing of an answer there is not', () => {
    expect(answerText({ a: 'Kept', gone: 'Dropped' }, ['a'])).toBe('Kept');
    expect(answerText({ a: '   ' }, ['a'])).toBe('');
    expect(answerText(null, ['a'])).toBe('');
    expect(answerText({}, [])).toBe('');
  });
});
