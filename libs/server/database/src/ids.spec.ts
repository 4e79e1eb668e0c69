import { isUuid, newId } from './ids';

describe(newId.name, () => {
  it('makes version-7 UUIDs that sort by creation time', () => {
    const first = newId(1_700_000_000_000);
    const second = newId(1_700_000_000_001);
    expect(isUuid(first)).toBe(true);
    expect(first[14]).toBe('7');
    expect(['8', '9', 'a', 'b']).toContain(first[19]);
    expect(first < second).toBe(true);
  });

  it('is unique within the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });
});
