import { errorMessages } from '@mepedia/messages/errors';
import { ApiError } from '@mepedia/web-api';
import { describe, expect, it } from 'vitest';
import { uploadErrorMessage } from './image-picker';

const refused = (status: number, code: string) =>
  new ApiError(status, { code, message: 'server words', requestId: 'r' });

describe('uploadErrorMessage', () => {
  it('says what the files service refused, in the member’s language', () => {
    expect(uploadErrorMessage(refused(413, 'IMAGE_TOO_BIG'), 'he', 'fallback')).toBe(
      errorMessages.he['error.IMAGE_TOO_BIG'],
    );
    expect(uploadErrorMessage(refused(415, 'IMAGE_NOT_SUPPORTED'), 'en', 'fallback')).toBe(
      errorMessages.en['error.IMAGE_NOT_SUPPORTED'],
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
