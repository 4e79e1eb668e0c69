import { SUB_QUESTION_ID_PATTERN } from '@mepedia/contracts';
import { keepTexts, placeSubQuestions } from './private-questions.service';

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
