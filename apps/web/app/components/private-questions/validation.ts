import {
  PRIVATE_QUESTION_TITLE_MAX,
  PRIVATE_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTION_TITLE_MAX,
  PRIVATE_SUB_QUESTION_TITLE_MIN,
  PrivateQuestionTitle,
  PrivateSubQuestionTitle,
  validationMessage,
} from '@mepedia/contracts';
import type { Locale, Translate } from '@mepedia/web-i18n';

/** A field of the form: the topic, or a sub-question at its place (from 0), as the server names them. */
export type QuestionField = 'questionTitle' | `subQuestions.${number}`;
export type QuestionIssue = { field: QuestionField; code: string };

export function isQuestionField(field: string): field is QuestionField {
  return field === 'questionTitle' || /^subQuestions\.\d+$/.test(field);
}

// The contract's own schemas: trimmed, counted in code points, exactly as the server will.
function issueOf(schema: typeof PrivateQuestionTitle, text: string): string | null {
  const parsed = schema.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'INVALID_VALUE');
}

/** What is wrong with a question before it is sent, field by field, in the form's order. */
export function questionIssues(title: string, subQuestions: readonly string[]): QuestionIssue[] {
  const issues: QuestionIssue[] = [];
  const titleCode = issueOf(PrivateQuestionTitle, title);
  if (titleCode) issues.push({ field: 'questionTitle', code: titleCode });
  subQuestions.forEach((text, index) => {
    const code = issueOf(PrivateSubQuestionTitle, text);
    if (code) issues.push({ field: `subQuestions.${index}`, code });
  });
  return issues;
}

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
