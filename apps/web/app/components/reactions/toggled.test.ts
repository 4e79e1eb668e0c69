import { describe, expect, it } from 'vitest';
import { toggled } from './toggled';

const none = { heart: 0, clap: 0, laugh: 0, wow: 0, hug: 0 };

describe('toggled (what a reaction button shows before the answer lands)', () => {
  it('turns a reaction on: one more, and the caller’s, in display order', () => {
    expect(toggled({ counts: { ...none, wow: 2 }, mine: ['wow'] }, 'heart')).toEqual({
      counts: { ...none, heart: 1, wow: 2 },
      mine: ['heart', 'wow'],
    });
  });

  it('turns the caller’s reaction off: one fewer, never below zero', () => {
    expect(toggled({ counts: { ...none, clap: 3 }, mine: ['clap', 'hug'] }, 'clap')).toEqual({
      counts: { ...none, clap: 2 },
      mine: ['hug'],
    });
    expect(toggled({ counts: none, mine: ['laugh'] }, 'laugh').counts.laugh).toBe(0);
  });

  it('twice is where it began', () => {
    const start = { counts: { ...none, hug: 4 }, mine: ['hug' as const] };
    expect(toggled(toggled(start, 'hug'), 'hug')).toEqual(start);
  });
});
