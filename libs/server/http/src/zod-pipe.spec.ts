import { ZodError, z } from 'zod';
import { unkeepableTextAt, ZodPipe } from './zod-pipe';

describe('ZodPipe', () => {
  const pipe = new ZodPipe(z.object({ title: z.string(), tags: z.array(z.string()).optional() }));

  it('parses a body with the schema', () => {
    expect(pipe.transform({ title: 'שָׁלוֹם 👩‍👩‍👧 \u202Eabc' })).toEqual({
      title: 'שָׁלוֹם 👩‍👩‍👧 \u202Eabc',
    });
  });

  it.each([
    ['a NUL', { title: 'a\u0000b' }, ['title']],
    ['a lone high surrogate', { title: 'ok', tags: ['fine', 'x\uD800y'] }, ['tags', 1]],
    ['a lone low surrogate', { title: '\uDC00' }, ['title']],
    ['a NUL in a key', { title: 'ok', 'x\u0000': 'y' }, ['x\u0000']],
  ])('refuses %s, naming where it is, before the schema runs', (_name, body, path) => {
    let thrown: unknown;
    try {
      pipe.transform(body);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ZodError);
    expect((thrown as ZodError).issues).toEqual([
      expect.objectContaining({ path, message: 'UNSUPPORTED_CHARACTER' }),
    ]);
  });

  it('walks a body nested a hundred thousand deep without running out of stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unkeepableTextAt(deep)).toHaveLength(100_000);
    let clean: unknown = 'fine';
    for (let i = 0; i < 100_000; i++) clean = { next: clean };
    expect(unkeepableTextAt(clean)).toBeUndefined();
  });
});
