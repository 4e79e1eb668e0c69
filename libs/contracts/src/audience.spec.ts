import { AUDIENCES, Audience, isWider } from './audience';

describe('Audience', () => {
  it('accepts the four audiences and the original two unchanged', () => {
    for (const audience of AUDIENCES) expect(Audience.parse(audience)).toBe(audience);
    expect(Audience.parse('private')).toBe('private');
    expect(Audience.parse('public')).toBe('public');
  });

  it('refuses anything else, and says a missing one is required', () => {
    expect(Audience.safeParse('friends').error?.issues[0]?.message).toBe('INVALID_VALUE');
    expect(Audience.safeParse('Public').error?.issues[0]?.message).toBe('INVALID_VALUE');
    expect(Audience.safeParse(undefined).error?.issues[0]?.message).toBe('FIELD_REQUIRED');
  });
});

describe('isWider', () => {
  it('orders private < circle < members < public', () => {
    expect(isWider('circle', 'private')).toBe(true);
    expect(isWider('members', 'circle')).toBe(true);
    expect(isWider('public', 'members')).toBe(true);
    expect(isWider('public', 'private')).toBe(true);
  });

  it('is strict: no audience is wider than itself or than a wider one', () => {
    for (const audience of AUDIENCES) expect(isWider(audience, audience)).toBe(false);
    expect(isWider('private', 'circle')).toBe(false);
    expect(isWider('circle', 'members')).toBe(false);
    expect(isWider('members', 'public')).toBe(false);
  });
});
