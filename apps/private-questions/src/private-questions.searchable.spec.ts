import type { QuestionRow } from './private-questions.schema';
import { searchableChange } from './private-questions.searchable';

describe('searchableChange', () => {
  const answeredAt = new Date('2026-11-01T08:00:00.123Z');
  const question = (
    live: QuestionRow['live'],
    changes: Partial<QuestionRow> = {},
  ): QuestionRow => ({
    id: '00000000-0000-7000-8000-000000000001',
    ownerId: '00000000-0000-7000-8000-0000000000aa',
    privacy: 'circle',
    questionIndex: 2,
    title: 'Where I grew up',
    subQuestions: [
      { id: 'aaaaaaaaaaaa', title: 'Which street?' },
      { id: 'bbbbbbbbbbbb', title: 'Which neighbours?' },
    ],
    draft: { aaaaaaaaaaaa: 'a draft is never found' },
    live,
    answerVersion: 3,
    answerUpdatedAt: new Date('2026-11-20T10:00:00Z'),
    answeredAt: live === null ? null : answeredAt,
    createdAt: new Date('2026-10-01T00:00:00Z'),
    updatedAt: new Date('2026-11-20T10:00:00Z'),
    ...changes,
  });
  const answered = question({ bbbbbbbbbbbb: ' The neighbours\n', aaaaaaaaaaaa: 'Rue des Lilas ' });

  it('gives the answer with its audience, title and text (sub-answers in the question’s order), dated when first answered', () => {
    expect(searchableChange(undefined, answered)).toEqual({
      kind: 'privateAnswer',
      id: answered.id,
      ownerId: answered.ownerId,
      audience: 'circle',
      title: 'Where I grew up',
      text: 'Rue des Lilas\nThe neighbours',
      questionId: answered.id,
      createdAt: '2026-11-01T08:00:00.123Z',
      deleted: false,
    });
  });

  it('says deleted, without text, once the answer has none any more, or the question is gone', () => {
    const emptied = question({ aaaaaaaaaaaa: '  ', bbbbbbbbbbbb: '' }, { answeredAt });
    expect(searchableChange(answered, emptied)).toMatchObject({ text: '', deleted: true });
    expect(searchableChange(answered, undefined)).toMatchObject({
      id: answered.id,
      title: 'Where I grew up',
      text: '',
      deleted: true,
    });
  });

  it('says nothing of a question search never knew: no text before, none after', () => {
    expect(searchableChange(undefined, question(null))).toBeUndefined();
    expect(searchableChange(question(null), question({ aaaaaaaaaaaa: ' ' }))).toBeUndefined();
    expect(searchableChange(question(null), undefined)).toBeUndefined();
    expect(searchableChange(undefined, undefined)).toBeUndefined();
  });

  it('dates an answer whose first answer was not kept by its last change', () => {
    expect(searchableChange(undefined, { ...answered, answeredAt: null })?.createdAt).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });
});
