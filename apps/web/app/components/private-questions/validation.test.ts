import { createTranslator, privateQuestionsMessages, registerMessages } from '@mepedia/web-i18n';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  formField,
  isQuestionField,
  issueMessage,
  questionResolver,
  type QuestionValues,
} from './validation';

// As the page's route does when it loads.
registerMessages(privateQuestionsMessages);

/** What the form says of a question before it is sent: field -> code, in the form's order. */
async function questionIssues(title: string, subQuestions: readonly string[]) {
  const values: QuestionValues = {
    questionTitle: title,
    subQuestions: subQuestions.map((text, index) => ({ key: `row-${index + 1}`, text })),
  };
  const options: ResolverOptions<QuestionValues> = {
    fields: {},
    names: ['questionTitle'],
    shouldUseNativeValidation: false,
  };
  const { errors } = await questionResolver(values, undefined, options);
  const found: Record<string, string | undefined> = {};
  if (errors.questionTitle) found['questionTitle'] = errors.questionTitle.message;
  errors.subQuestions?.forEach?.((row, index) => {
    if (row?.text) found[`subQuestions.${index}.text`] = row.text.message;
  });
  return found;
}

describe('questionResolver', () => {
  it('accepts a topic and sub-questions of five characters or more', async () => {
    expect(await questionIssues('Hello', ['World', 'שלום עולם'])).toEqual({});
  });

  it('refuses a four-character topic and sub-question, and a blank one, at their places', async () => {
    expect(await questionIssues('Four', ['Fine enough', 'abcd', '   '])).toEqual({
      questionTitle: 'CONTENT_TOO_SHORT',
      'subQuestions.1.text': 'CONTENT_TOO_SHORT',
      'subQuestions.2.text': 'FIELD_REQUIRED',
    });
  });

  it('counts characters as people do: five Hebrew letters are five', async () => {
    expect(await questionIssues('אבגדה', ['אבגדה'])).toEqual({});
    expect(await questionIssues('  abcd  ', ['abcde'])).toEqual({
      questionTitle: 'CONTENT_TOO_SHORT',
    });
  });
});

describe('issueMessage', () => {
  it('says the limit in English and Hebrew, and that a field is required', () => {
    const tooShort = { field: 'questionTitle', code: 'CONTENT_TOO_SHORT' } as const;
    expect(issueMessage(tooShort, createTranslator('en'), 'en')).toBe(
      'Write at least 5 characters',
    );
    expect(issueMessage(tooShort, createTranslator('he'), 'he')).toBe('יש לכתוב לפחות 5 תווים');
    const required = { field: 'subQuestions.0', code: 'FIELD_REQUIRED' } as const;
    expect(issueMessage(required, createTranslator('en'), 'en')).toBe('Field is required');
  });
});

describe('isQuestionField', () => {
  it('knows the server’s names for the form’s fields', () => {
    expect(isQuestionField('questionTitle')).toBe(true);
    expect(isQuestionField('subQuestions.7')).toBe(true);
    expect(isQuestionField('subQuestions')).toBe(false);
  });

  it('puts a sub-question’s server error at its row’s text', () => {
    expect(formField('subQuestions.3')).toBe('subQuestions.3.text');
    expect(formField('questionTitle')).toBe('questionTitle');
  });
});
