import { randomUUID } from 'node:crypto';
import { AppError } from '@mepedia/server-http';
import { decodeCursor, encodeCursor } from './posts.cursor';

const encode = (text: string) => Buffer.from(text).toString('base64url');
const at = '2024-05-01T10:00:00.000Z';
const id = randomUUID();

describe(decodeCursor.name, () => {
  it.each([
    ['bad base64', '***'],
    ['base64 with padding', `${encode(`${at}|${id}`)}=`],
    [
      'standard base64 characters',
      encode(`${at}|${id}`).replace(/-/g, '+').replace(/_/g, '/') + '+/',
    ],
    ['bad JSON', encode('{"createdAt":')],
    ['JSON, not the cursor’s shape', encode(JSON.stringify({ createdAt: at, id }))],
    ['not UTF-8', Buffer.from([0xff, 0x7c]).toString('base64url')],
    ['a third part that is no language', encode(`${at}|${id}|x`)],
    ['an empty third part', encode(`${at}|${id}|`)],
    ['a fourth part', encode(`${at}|${id}|he|he`)],
    ['a number for the time', encode(`1714557600000|${id}`)],
    ['the parts swapped', encode(`${id}|${at}`)],
    ['a non-UUID id', encode(`${at}|not-a-uuid`)],
    ['an upper-case UUID', encode(`${at}|${id.toUpperCase()}`)],
    ['a date that does not exist', encode(`2024-02-30T10:00:00.000Z|${id}`)],
    ['a date without its time', encode(`2024-05-01|${id}`)],
  ])('refuses %s with INVALID_CURSOR', (_, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('INVALID_CURSOR');
  });
});

describe(encodeCursor.name, () => {
  it('comes back as it was made, with the language of a list that puts one first or without', () => {
    const createdAt = new Date(at);
    // A list's row carries its language: only a list with the reader's language first says it.
    const row = { createdAt, id, language: 'he' as const };
    expect(decodeCursor(encodeCursor(row))).toEqual({ createdAt, id });
    expect(decodeCursor(encodeCursor({ createdAt, id }, 'he'))).toEqual({
      createdAt,
      id,
      language: 'he',
    });
  });
});
