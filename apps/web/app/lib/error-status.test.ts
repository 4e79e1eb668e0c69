import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus } from '../root';

describe('errorStatus', () => {
  it('takes statusCode, then status, then response.status, else 500', () => {
    expect(errorStatus({ statusCode: 404 })).toBe(404);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorStatus({ response: { status: 502 } })).toBe(502);
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus({ status: 'teapot' })).toBe(500);
  });
});

describe('errorMessage', () => {
  it("shows a coded error's message as the web server gave it, and nothing else", () => {
    const coded = new ErrorResponseImpl(400, 'Bad Request', {
      code: 'INVALID_CURSOR',
      message: 'This list position is not valid. Please start again from the first page',
    });
    expect(errorMessage(coded)).toBe(
      'This list position is not valid. Please start again from the first page',
    );
    // An unknown code (no message), a plain 404, an Error's own text: the generic words.
    expect(errorMessage(new ErrorResponseImpl(502, '', { code: 'NEW', message: null }))).toBeNull();
    expect(errorMessage(new ErrorResponseImpl(404, 'Not Found', null))).toBeNull();
    expect(errorMessage(new ErrorResponseImpl(500, '', 'a string body'))).toBeNull();
    expect(errorMessage(new Error('at Object.<anonymous> (/srv/x.js:1:1)'))).toBeNull();
    expect(errorMessage({ code: 'INTERNAL', message: 'raw' })).toBeNull();
  });
});
