import {
  SaveAnswerRequest,
  SavePrivateAnswerRequest,
  SUB_ANSWER_MAX,
  SubQuestionId,
} from '@mepedia/contracts';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerData, answerResolver, answerValues, type AnswerValues } from './answer-form';

// The answer editor refuses what the save calls refuse, at the field of the sub-answer, with
// the contract's code, and hands on the texts keyed as the service keys them.

const subIds = ['roots-1', 'roots-2', 'roots-3'];
const options = {
  fields: {},
  names: ['answers'],
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
} as unknown as ResolverOptions<AnswerValues>;

async function verdict(resolver: ReturnType<typeof answerResolver>, answers: string[]) {
  const result = await resolver({ answers }, undefined, options);
  const errors = (result.errors as FieldErrors<AnswerValues>).answers as
    Array<{ message?: string } | undefined> | undefined;
  return {
    codes: (errors ?? []).map((error) => error?.message),
    values: result.values,
  };
}

const questionnaire = answerResolver(SaveAnswerRequest, subIds, (data) => ({
  questionId: 'roots',
  answerData: data,
  version: 0,
}));

describe('the answer form checks with the save call’s contract', () => {
  it('hands on the texts by sub-question id when the contract takes them', async () => {
    const { codes, values } = await verdict(questionnaire, [
      'Haifa',
      '',
      'x'.repeat(SUB_ANSWER_MAX),
    ]);
    expect(codes).toEqual([]);
    expect(values).toEqual({
      'roots-1': 'Haifa',
      'roots-2': '',
      'roots-3': 'x'.repeat(SUB_ANSWER_MAX),
    });
  });

  it('puts the contract’s code at the sub-answer it refuses, and only there', async () => {
    const { codes, values } = await verdict(questionnaire, [
      'Haifa',
      'x'.repeat(SUB_ANSWER_MAX + 1),
      '',
    ]);
    expect(codes).toEqual([undefined, 'TOO_LONG', undefined]);
    expect(values).toEqual({});
    // The same code the service would send for the same body.
    const refused = SaveAnswerRequest.safeParse({
      questionId: 'roots',
      answerData: answerData(subIds, { answers: ['Haifa', 'x'.repeat(SUB_ANSWER_MAX + 1), ''] }),
      version: 0,
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answerData.roots-2', 'TOO_LONG'],
    ]);
  });

  it('a private answer is checked with SavePrivateAnswerRequest the same way', async () => {
    const resolver = answerResolver(SavePrivateAnswerRequest, ['a1', 'a2'], (data) => ({
      questionIndex: 2,
      questionId: 'pq-1',
      answerData: data,
      version: 0,
    }));
    expect((await verdict(resolver, ['x'.repeat(SUB_ANSWER_MAX + 1), 'fine'])).codes).toEqual([
      'TOO_LONG',
      undefined,
    ]);
    expect((await verdict(resolver, ['fine', 'fine'])).values).toEqual({ a1: 'fine', a2: 'fine' });
  });

  it('a rule changed in the contract changes the form', async () => {
    // The same call with a shorter limit for a sub-answer: the form follows it, nothing else.
    const shorter = SaveAnswerRequest.extend({
      answerData: z.record(SubQuestionId, z.string().max(10, 'TOO_LONG')),
    });
    const resolver = answerResolver(shorter, subIds, (data) => ({
      questionId: 'roots',
      answerData: data,
      version: 0,
    }));
    expect((await verdict(resolver, ['eleven char', 'ok', ''])).codes).toEqual([
      'TOO_LONG',
      undefined,
      undefined,
    ]);
    expect((await verdict(questionnaire, ['eleven char', 'ok', ''])).codes).toEqual([]);
  });

  it('leaves the page’s own fields (the question, the version) to the service', async () => {
    const resolver = answerResolver(SaveAnswerRequest, subIds, (data) => ({
      questionId: '',
      answerData: data,
      version: -1,
    }));
    expect((await verdict(resolver, ['Haifa', '', ''])).codes).toEqual([]);
  });

  it('shows a draft’s texts in the sub-questions’ order, empty where none', () => {
    expect(answerValues(subIds, { 'roots-3': 'three', 'roots-1': 'one' })).toEqual({
      answers: ['one', '', 'three'],
    });
    expect(answerData(subIds, { answers: ['one'] })).toEqual({
      'roots-1': 'one',
      'roots-2': '',
      'roots-3': '',
    });
  });
});
