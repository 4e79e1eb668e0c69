import { errorCatalog } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { describe, expect, it } from 'vitest';
import { uploadErrorMessage } from './image-picker';

const refused = (status: number, code: string) =>
  new ApiError(status, { code, message: 'server words', requestId: 'r' });

describe('uploadErrorMessage', () => {
  it('says what the files service refused, in the member’s language', () => {
    expect(uploadErrorMessage(refused(413, 'IMAGE_TOO_BIG'), 'he', 'fallback')).toBe(
      errorCatalog.IMAGE_TOO_BIG.he,
    );
    expect(uploadErrorMessage(refused(415, 'IMAGE_NOT_SUPPORTED'), 'en', 'fallback')).toBe(
      errorCatalog.IMAGE_NOT_SUPPORTED.en,
    );
  });

  it('says the upload failed for anything else', () => {
    expect(uploadErrorMessage(refused(500, 'INTERNAL'), 'en', 'Error uploading image')).toBe(
      'Error uploading image',
    );
    expect(uploadErrorMessage(new TypeError('offline'), 'en', 'Error uploading image')).toBe(
      'Error uploading image',
    );
  });
});
