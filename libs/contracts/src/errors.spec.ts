import { errorMessages } from '@mepedia/messages/errors';
import { ERROR_CODES, errorCatalog } from './errors';

describe('the error codes', () => {
  it('each have a status and a message in English and Hebrew, and no message lacks a code', () => {
    for (const code of ERROR_CODES) {
      expect(errorCatalog[code].status).toBeGreaterThanOrEqual(400);
      expect(errorMessages.en[`error.${code}`]).toEqual(expect.any(String));
      expect(errorMessages.he[`error.${code}`]).toEqual(expect.any(String));
    }
    const worded = Object.keys(errorMessages.en).map((key) => key.replace(/^error\./, ''));
    expect(worded.sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(errorMessages.he).sort()).toEqual(Object.keys(errorMessages.en).sort());
  });
});
