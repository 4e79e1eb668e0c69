import type { AnswerData } from '@mepedia/contracts';
import { get, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contract-form';

/** The answer form's values: one text per sub-question, in the question's order. */
export type AnswerValues = { answers: string[] };

/** The texts as the service keys them: by sub-question id (an empty one is sent empty). */
export function answerData(subIds: readonly string[], values: Partial<AnswerValues>): AnswerData {
  return Object.fromEntries(subIds.map((id, position) => [id, values.answers?.[position] ?? '']));
}

/** The form's values for `data`: what the fields show. */
export function answerValues(subIds: readonly string[], data: AnswerData): AnswerValues {
  return { answers: subIds.map((id) => data[id] ?? '') };
}

/**
 * The answer's rules are its save call's contract (`schema`: SaveAnswerRequest for the
 * questionnaire, SavePrivateAnswerRequest for a private question): `request` makes the call's
 * body from the texts, and the schema checks it as the service will, with its codes. A
 * sub-answer's error (the contract's `answerData.{id}`) goes to its field, by place.
 */
export function answerResolver<TSchema extends z.ZodType>(
  schema: TSchema,
  subIds: readonly string[],
  request: (data: AnswerData) => Record<string, unknown>,
): Resolver<AnswerValues, unknown, AnswerData> {
  const contract = contractResolver(schema, (values: AnswerValues) =>
    request(answerData(subIds, values)),
  );
  return async (values, context, options) => {
    const result = await contract(values, context, options);
    const answers = subIds.map((id): unknown => get(result.errors, `answerData.${id}`));
    // The call's other fields (the question, the version) are the page's, not the member's: the
    // service has the last word on them.
    if (answers.every((error) => error === undefined))
      return { values: answerData(subIds, values), errors: {} };
    return { values: {}, errors: { answers } as FieldErrors<AnswerValues> };
  };
}
