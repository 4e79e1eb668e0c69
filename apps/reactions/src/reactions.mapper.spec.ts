import { REACTION_NAMES, REACTIONS } from '@mepedia/contracts';
import { toLottiesState, toReactionCounts } from './reactions.mapper';

describe('toReactionCounts', () => {
  it('answers every reaction, 0 for those without a counter row', () => {
    expect(toReactionCounts([{ name: 'wow', count: 3 }])).toEqual({
      heart: 0,
      clap: 0,
      laugh: 0,
      wow: 3,
      hug: 0,
    });
  });
});

describe('toLottiesState', () => {
  it('lists the caller’s own reactions in display order', () => {
    expect(toLottiesState([], ['hug', 'heart', 'laugh']).mine).toEqual(['heart', 'laugh', 'hug']);
  });
});

describe('REACTIONS', () => {
  it('labels every reaction in English and in Hebrew letters', () => {
    expect(REACTIONS.map((reaction) => reaction.name)).toEqual([...REACTION_NAMES]);
    for (const { en, he } of REACTIONS) {
      expect(en).toMatch(/^[A-Z][a-z ]+$/);
      expect(he).toMatch(/^[\u05D0-\u05EA ]+$/);
    }
  });
});
