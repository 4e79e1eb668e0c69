import { QUESTIONNAIRE, type QuestionText } from './questions';

const ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const HEBREW_LETTER = /[\u05D0-\u05EA]/;
const LATIN_LETTER = /[A-Za-z]/;
const NIQQUD = /[\u0591-\u05C7]/;

const allTexts = (): Array<{ where: string; text: QuestionText; max: number }> =>
  QUESTIONNAIRE.flatMap((q) => [
    { where: `${q.questionId} title`, text: q.title, max: 60 },
    { where: `${q.questionId} prompt`, text: q.prompt, max: 200 },
    ...q.subQuestions.map((s) => ({ where: s.subQuestionId, text: s.text, max: 200 })),
  ]);

describe('QUESTIONNAIRE', () => {
  it('has exactly 10 entries, indexed 1..10 in order', () => {
    expect(QUESTIONNAIRE).toHaveLength(10);
    expect(QUESTIONNAIRE.map((q) => q.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('uses unique, well-formed question ids', () => {
    const ids = QUESTIONNAIRE.map((q) => q.questionId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID);
  });

  it('has 3 to 6 sub-questions per question, with ids unique across the whole questionnaire', () => {
    for (const q of QUESTIONNAIRE) {
      expect(q.subQuestions.length).toBeGreaterThanOrEqual(3);
      expect(q.subQuestions.length).toBeLessThanOrEqual(6);
    }
    const ids = QUESTIONNAIRE.flatMap((q) => q.subQuestions.map((s) => s.subQuestionId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(ID);
  });

  it('keeps titles within 60 and prompts and sub-questions within 200 characters in both languages', () => {
    for (const { where, text, max } of allTexts()) {
      for (const lang of ['en', 'he'] as const) {
        const value = text[lang].trim();
        expect({ where, lang, ok: value.length > 0 && text[lang].length <= max }).toEqual({
          where,
          lang,
          ok: true,
        });
      }
    }
  });

  it('writes Hebrew in Hebrew letters only, without Latin letters or niqqud, and English without Hebrew', () => {
    for (const { where, text } of allTexts()) {
      expect({ where, hebrew: HEBREW_LETTER.test(text.he) }).toEqual({ where, hebrew: true });
      expect({ where, latin: LATIN_LETTER.test(text.he) }).toEqual({ where, latin: false });
      expect({ where, niqqud: NIQQUD.test(text.he) }).toEqual({ where, niqqud: false });
      expect({ where, hebrewInEnglish: HEBREW_LETTER.test(text.en) }).toEqual({
        where,
        hebrewInEnglish: false,
      });
    }
  });
});
