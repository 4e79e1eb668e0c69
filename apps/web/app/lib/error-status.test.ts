import { describe, expect, it } from 'vitest';
import { errorStatus } from '../root';

describe('errorStatus', () => {
  it('takes statusCode, then status, then response.status, else 500', () => {
    expect(errorStatus({ statusCode: 404 })).toBe(404);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorStatus({ response: { status: 502 } })).toBe(502);
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus({ status: 'teapot' })).toBe(500);
  });
});
