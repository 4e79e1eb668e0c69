import { CreatePostRequest, POST_TITLE_MAX, UpdatePostRequest } from '@mepedia/contracts';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { editPostResolver, newPostResolver, type PostValues } from './post-forms';

// The writing page refuses what the create and update calls refuse, field by field, and hands
// on the request the call takes.

async function verdict(resolver: typeof newPostResolver, values: PostValues) {
  const result = await resolver(values, undefined, {
    fields: {},
    names: Object.keys(values),
    shouldUseNativeValidation: false,
    criteriaMode: 'firstError',
  } as unknown as ResolverOptions<PostValues>);
  const codes = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [
      field,
      (error as { message: string }).message,
    ]),
  );
  return { codes, request: result.values };
}

function contractCodes(schema: z.ZodType, input: unknown) {
  const codes: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? [])
    codes[issue.path.join('.')] ??= issue.message;
  return codes;
}

const story = `<p>${'The boat in the yard was my grandfather’s. '.repeat(3)}</p>`;
const post: PostValues = {
  title: 'The boat in the yard',
  content: story,
  image: '/api/files/image/AbCdEfGhIjKlMnOpQrStUv',
  credit: 'Family album',
  privacy: 'public',
  destination: 'magazine',
};

describe('the writing page checks with the posts contracts', () => {
  it('a new post refuses exactly what CreatePostRequest refuses', async () => {
    const samples: PostValues[] = [
      post,
      { ...post, title: '  ', credit: '' },
      { ...post, title: 'x'.repeat(POST_TITLE_MAX + 1), image: '' },
      { ...post, image: 'https://example.com/a.jpg', credit: 'x'.repeat(201) },
      { ...post, content: '', destination: 'elsewhere' as PostValues['destination'] },
    ];
    for (const sample of samples) {
      const { privacy, ...fields } = sample;
      const expected = contractCodes(CreatePostRequest, {
        ...fields,
        title: fields.title.trim(),
        credit: fields.credit.trim(),
        privacy,
      });
      expect((await verdict(newPostResolver, sample)).codes, JSON.stringify(sample)).toEqual(
        expected,
      );
    }
    expect((await verdict(newPostResolver, { ...post, image: '' })).codes).toEqual({
      image: 'FIELD_REQUIRED',
    });
  });

  it('counts the story in text, markup left out, as the service does', async () => {
    expect((await verdict(newPostResolver, { ...post, content: '<p></p>' })).codes).toEqual({
      content: 'FIELD_REQUIRED',
    });
    expect(
      (await verdict(newPostResolver, { ...post, content: `<p><b>${'x'.repeat(99)}</b></p>` }))
        .codes,
    ).toEqual({ content: 'CONTENT_TOO_SHORT' });
    expect(
      (await verdict(newPostResolver, { ...post, content: `<p><b>${'x'.repeat(100)}</b></p>` }))
        .codes,
    ).toEqual({});
  });

  it('hands on the create and update calls’ requests, invisible controls removed', async () => {
    const typed = { ...post, title: ' The boat\u2066 in the yard ', privacy: 'private' as const };
    const created = (await verdict(newPostResolver, typed)).request;
    expect(created).toEqual({
      title: 'The boat in the yard',
      content: story,
      image: post.image,
      credit: 'Family album',
      destination: 'magazine',
      privacy: 'private',
    });
    expect(CreatePostRequest.safeParse(created).success).toBe(true);
    const updated = (await verdict(editPostResolver('p1'), typed)).request;
    expect(updated).toEqual({ ...created, privacy: undefined, postId: 'p1' });
    expect(UpdatePostRequest.safeParse(updated).success).toBe(true);
    expect((await verdict(editPostResolver('p1'), { ...post, credit: '' })).codes).toEqual({
      credit: 'FIELD_REQUIRED',
    });
  });
});
