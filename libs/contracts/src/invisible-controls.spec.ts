import { hasInvisibleControls, withoutInvisibleControls } from './invisible-controls';

describe('invisible controls in what members write', () => {
  it.each([
    ['a right-to-left override', 'name\u202Egnp.exe'],
    ['an embedding', '\u202Bשלום\u202C'],
    ['an isolate', 'a\u2066b\u2069'],
    ['a C0 control', 'bell\u0007'],
    ['a C1 control', 'x\u0085y'],
  ])('finds %s, and a client can take it out', (_what, text) => {
    expect(hasInvisibleControls(text)).toBe(true);
    expect(hasInvisibleControls(withoutInvisibleControls(text))).toBe(false);
  });

  it('leaves line breaks, tabs, direction marks and joined emoji alone', () => {
    const text = 'a\nb\tc \u200Fשלום\u200E 👩\u200D👩\u200D👧';
    expect(hasInvisibleControls(text)).toBe(false);
    expect(withoutInvisibleControls(text)).toBe(text);
    // Asked twice in a row: no state carried between calls.
    expect(hasInvisibleControls('x\u202Ey')).toBe(true);
    expect(hasInvisibleControls('x\u202Ey')).toBe(true);
  });
});
