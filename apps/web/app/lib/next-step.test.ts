import { describe, expect, it } from 'vitest';
import { chooseNextStep, nextStepPath } from './next-step';

describe('chooseNextStep', () => {
  it('asks for the next unanswered question while the questionnaire is open, posts or not', () => {
    expect(chooseNextStep({ nextQuestion: 1, hasPosts: false })).toEqual({
      kind: 'question',
      index: 1,
    });
    expect(chooseNextStep({ nextQuestion: 7, hasPosts: true })).toEqual({
      kind: 'question',
      index: 7,
    });
  });

  it('asks for a first story once all ten are answered and there is no post', () => {
    expect(chooseNextStep({ nextQuestion: null, hasPosts: false })).toEqual({
      kind: 'firstStory',
    });
  });

  it('asks for another story when there are posts, or when it could not tell', () => {
    expect(chooseNextStep({ nextQuestion: null, hasPosts: true })).toEqual({ kind: 'story' });
    expect(chooseNextStep({ nextQuestion: null, hasPosts: null })).toEqual({ kind: 'story' });
  });

  it('never points at a question that cannot exist', () => {
    expect(chooseNextStep({ nextQuestion: 0, hasPosts: false })).toEqual({ kind: 'firstStory' });
    expect(chooseNextStep({ nextQuestion: Number.NaN, hasPosts: true })).toEqual({
      kind: 'story',
    });
  });
});

describe('nextStepPath', () => {
  it('leads to the question, or to the post editor', () => {
    expect(nextStepPath({ kind: 'question', index: 4 })).toBe('/profile/edit-me/4');
    expect(nextStepPath({ kind: 'firstStory' })).toBe('/profile/write-post');
    expect(nextStepPath({ kind: 'story' })).toBe('/profile/write-post');
  });
});
