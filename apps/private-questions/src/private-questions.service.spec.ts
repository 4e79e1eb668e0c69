import { SUB_QUESTION_ID_PATTERN } from '@mepedia/contracts';
import type { QuestionRow } from './private-questions.schema';
import { keepTexts, placeSubQuestions, unansweredOf } from './private-questions.service';

describe('placeSubQuestions', () => {
  it('gives each new sub-question its own id in the sub-question id format', () => {
    const placed = placeSubQuestions(['First sub', 'Second sub', 'Third sub']);
    expect(placed.map((sub) => sub.title)).toEqual(['First sub', 'Second sub', 'Third sub']);
    for (const { id } of placed) expect(id).toMatch(SUB_QUESTION_ID_PATTERN);
    expect(new Set(placed.map((sub) => sub.id)).size).toBe(3);
  });

  it('keeps the id of each position still there, and makes new ones past the old end', () => {
    const current = [
      { id: 'aaa', title: 'Old first' },
      { id: 'bbb', title: 'Old second' },
    ];
    expect(placeSubQuestions(['New first'], current)).toEqual([{ id: 'aaa', title: 'New first' }]);
    const longer = placeSubQuestions(['One', 'Two', 'Three'], current);
    expect(longer.slice(0, 2)).toEqual([
      { id: 'aaa', title: 'One' },
      { id: 'bbb', title: 'Two' },
    ]);
    expect(['aaa', 'bbb']).not.toContain(longer[2]!.id);
  });
});

describe('keepTexts', () => {
  it('keeps only the texts of the ids given', () => {
    expect(keepTexts({ a: 'A', b: 'B', c: '' }, new Set(['a', 'c', 'z']))).toEqual({
      a: 'A',
      c: '',
    });
  });
});

describe('unansweredOf', () => {
  const row = (index: number, live: QuestionRow['live']): QuestionRow => {
    const at = new Date('2026-11-20T10:00:00Z');
    return {
      id: `00000000-0000-7000-8000-00000000000${index}`,
      ownerId: '00000000-0000-7000-8000-0000000000aa',
      privacy: 'private',
      questionIndex: index,
      title: `Question ${index}`,
      subQuestions: [
        { id: 'aaaaaaaaaaaa', title: `Sub ${index}a` },
        { id: 'bbbbbbbbbbbb', title: `Sub ${index}b` },
      ],
      draft: { aaaaaaaaaaaa: 'a draft is not an answer' },
      live,
      answerVersion: 1,
      answerUpdatedAt: at,
      answeredAt: live === null ? null : at,
      createdAt: at,
      updatedAt: at,
    };
  };

  it('lists in the list’s order the questions with no live text, blanks counting as none', () => {
    const rows = [
      row(3, null),
      row(1, { aaaaaaaaaaaa: 'Answered' }),
      row(2, { bbbbbbbbbbbb: ' \n ' }),
    ];
    expect(unansweredOf(rows)).toEqual([
      {
        questionId: '00000000-0000-7000-8000-000000000002',
        index: 2,
        title: 'Question 2',
        subQuestions: ['Sub 2a', 'Sub 2b'],
      },
      {
        questionId: '00000000-0000-7000-8000-000000000003',
        index: 3,
        title: 'Question 3',
        subQuestions: ['Sub 3a', 'Sub 3b'],
      },
    ]);
  });
});
