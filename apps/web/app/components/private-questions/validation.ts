import {
  InsertPrivateQuestionRequest,
  PRIVATE_QUESTION_TITLE_MAX,
  PRIVATE_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTION_TITLE_MAX,
  PRIVATE_SUB_QUESTION_TITLE_MIN,
  validationMessage,
} from '@mepedia/contracts';
import type { Locale, Translate } from '@mepedia/web-i18n';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { contractResolver } from '../../lib/contract-form';
import type { SubQuestionRow } from './rows';

/** A field of the form: the topic, or a sub-question at its place (from 0), as the server names them. */
export type QuestionField = 'questionTitle' | `subQuestions.${number}`;
export type QuestionIssue = { field: QuestionField; code: string };

export function isQuestionField(field: string): field is QuestionField {
  return field === 'questionTitle' || /^subQuestions\.\d+$/.test(field);
}

/** The form's values: the topic, and the rows (each keeps its key while rows come and go). */
export type QuestionValues = { questionTitle: string; subQuestions: SubQuestionRow[] };

/** The form field a server field names: a sub-question's text is its row's `text`. */
export function formField(field: QuestionField): 'questionTitle' | `subQuestions.${number}.text` {
  return field === 'questionTitle' ? field : `${field}.text`;
}

const contract = contractResolver(InsertPrivateQuestionRequest, (values: QuestionValues) => ({
  questionTitle: values.questionTitle,
  subQuestions: values.subQuestions.map((row) => row.text),
}));

/**
 * The question's rules are the create call's contract (the update call's topic and sub-questions
 * are the same schemas): trimmed, counted in code points, exactly as the server will. A
 * sub-question's error is put at its row's text, where the form shows it.
 */
export const questionResolver: Resolver<
  QuestionValues,
  unknown,
  InsertPrivateQuestionRequest
> = async (values, context, options) => {
  const result = await contract(values, context, options);
  const errors = { ...result.errors } as Record<string, unknown>;
  const rows: unknown = errors['subQuestions'];
  if (!Array.isArray(rows)) return result;
  // Too many or none is an error of the list itself ('root'); it stays where it is.
  errors['subQuestions'] = Object.assign(
    rows.map((error: unknown) => (error ? { text: error } : undefined)),
    'root' in rows ? { root: (rows as { root?: unknown }).root } : {},
  );
  return { values: {}, errors: errors as FieldErrors<QuestionValues> };
};

/** An issue's words: the spec's "at least 5 characters" with the limit, "Field is required". */
export function issueMessage(issue: QuestionIssue, t: Translate, locale: Locale): string {
  const title = issue.field === 'questionTitle';
  switch (issue.code) {
    case 'CONTENT_TOO_SHORT':
      return t('privateQuestions.error.tooShort', {
        count: title ? PRIVATE_QUESTION_TITLE_MIN : PRIVATE_SUB_QUESTION_TITLE_MIN,
      });
    case 'TOO_LONG':
      return t('privateQuestions.error.tooLong', {
        count: title ? PRIVATE_QUESTION_TITLE_MAX : PRIVATE_SUB_QUESTION_TITLE_MAX,
      });
    default:
      return validationMessage(issue.code, locale);
  }
}
