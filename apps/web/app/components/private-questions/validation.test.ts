import { createTranslator, privateQuestionsMessages, registerMessages } from '@mepedia/web-i18n';
import { describe, expect, it } from 'vitest';
import { isQuestionField, issueMessage, questionIssues } from './validation';

// As the page's route does when it loads.
registerMessages(privateQuestionsMessages);

describe('questionIssues', () => {
  it('accepts a topic and sub-questions of five characters or more', () => {
    expect(questionIssues('Hello', ['World', 'שלום עולם'])).toEqual([]);
  });

  it('refuses a four-character topic and sub-question, and a blank one, at their places', () => {
    expect(questionIssues('Four', ['Fine enough', 'abcd', '   '])).toEqual([
      { field: 'questionTitle', code: 'CONTENT_TOO_SHORT' },
      { field: 'subQuestions.1', code: 'CONTENT_TOO_SHORT' },
      { field: 'subQuestions.2', code: 'FIELD_REQUIRED' },
    ]);
  });

  it('counts characters as people do: five Hebrew letters are five', () => {
    expect(questionIssues('אבגדה', ['אבגדה'])).toEqual([]);
    expect(questionIssues('  abcd  ', ['abcde'])).toEqual([
      { field: 'questionTitle', code: 'CONTENT_TOO_SHORT' },
    ]);
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
});
