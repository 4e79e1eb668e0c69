import { answerText, type DomainEventPayload } from '@mepedia/contracts';
import type { QuestionRow } from './private-questions.schema';

type Searchable = DomainEventPayload<'searchable.changed'>;

/** The saved answer's plain text, as search indexes it: `answerText`, in the question's order. */
const textOf = (row: QuestionRow): string =>
  answerText(
    row.live,
    row.subQuestions.map((sub) => sub.id),
  );

/**
 * What the search service is to hear of a question's answer after a change (issue 36,
 * `searchable.changed`, its alone), from the question as it was before and is after (undefined:
 * there is none, it was deleted): while the saved answer has text, the answer with its audience,
 * its question's title (the member's own words) and its text; once it has none any more
 * (emptied, its sub-questions taken away, the question deleted, its member gone), `deleted`,
 * without text. Nothing for a question that had no text before and has none after: search never
 * knew it. `createdAt` is when it was first answered. Recorded in the change's transaction, under
 * the owner's lock, so `before` is what the last word said.
 */
export function searchableChange(
  before: QuestionRow | undefined,
  after: QuestionRow | undefined,
): Searchable | undefined {
  const text = after ? textOf(after) : '';
  const known = before !== undefined && textOf(before) !== '';
  const row = after ?? before;
  if (!row || (text === '' && !known)) return undefined;
  return {
    kind: 'privateAnswer',
    id: row.id,
    ownerId: row.ownerId,
    audience: row.privacy,
    title: row.title,
    text,
    questionId: row.id,
    createdAt: (row.answeredAt ?? row.answerUpdatedAt).toISOString(),
    deleted: text === '',
  };
}
