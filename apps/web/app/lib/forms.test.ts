import { ApiError } from '@mepedia/web-api';
import { describe, expect, it } from 'vitest';
import { describeApiError, errorText, formText } from './forms';

describe('errorText', () => {
  it('words a form’s codes in the user language, password codes from the web catalogues', () => {
    expect(errorText({ message: 'FIELD_REQUIRED' }, 'he')).toBe('שדה חובה');
    expect(errorText({ message: 'TERMS_REQUIRED' }, 'en')).toBe(
      'You must accept the terms of service',
    );
    expect(errorText({ message: 'PASSWORD_RULES' }, 'en')).toBe(
      'The password must be 8 to 64 characters long',
    );
    expect(errorText({ message: 'PASSWORD_RULES' }, 'he')).toBe(
      'הסיסמה צריכה להכיל בין 8 ל-64 תווים',
    );
  });

  it('keeps the server’s words as they came, and nothing for no error', () => {
    expect(errorText({ message: 'The password is not correct' }, 'en')).toBe(
      'The password is not correct',
    );
    expect(errorText(undefined, 'en')).toBeUndefined();
  });
});

describe('describeApiError', () => {
  it('words a known code in the user language and maps field details', () => {
    const error = new ApiError(409, {
      code: 'EMAIL_EXISTS',
      message: 'Email already exists',
      requestId: 'r',
    });
    expect(describeApiError(error, 'he')).toEqual({
      message: 'כתובת האימייל כבר קיימת במערכת',
      fields: {},
    });
    const invalid = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'x',
      requestId: 'r',
      details: [{ field: 'firstname', code: 'NAME_HEBREW_ONLY', message: 'Hebrew letters only' }],
    });
    expect(describeApiError(invalid, 'en').fields).toEqual({ firstname: 'Hebrew letters only' });
  });

  it('says why a password was refused, on the password field, in both languages', () => {
    const tooCommon = new ApiError(400, {
      code: 'PASSWORD_TOO_COMMON',
      message: 'x',
      requestId: 'r',
    });
    const en =
      'This password is too common and easy to guess. Please choose another, for example a few unrelated words.';
    expect(describeApiError(tooCommon, 'en')).toEqual({ message: en, fields: { password: en } });
    const he =
      'זו סיסמה נפוצה מדי שקל לנחש. כדאי לבחור סיסמה אחרת, למשל כמה מילים שאין ביניהן קשר.';
    expect(describeApiError(tooCommon, 'he', { passwordField: 'newPassword' })).toEqual({
      message: he,
      fields: { newPassword: he },
    });
    const invalid = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'x',
      requestId: 'r',
      details: [{ field: 'newPassword', code: 'PASSWORD_RULES', message: 'x' }],
    });
    expect(describeApiError(invalid, 'he')).toEqual({
      message: 'הסיסמה צריכה להכיל בין 8 ל-64 תווים',
      fields: { newPassword: 'הסיסמה צריכה להכיל בין 8 ל-64 תווים' },
    });
    const common = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'x',
      requestId: 'r',
      details: [{ field: 'password', code: 'PASSWORD_TOO_COMMON', message: 'x' }],
    });
    expect(describeApiError(common, 'en').fields).toEqual({ password: en });
  });

  it('falls back to the generic message for anything else', () => {
    expect(describeApiError(new TypeError('Failed to fetch'), 'en').message).toBe(
      'An error has occurred',
    );
  });
});

describe('formText', () => {
  it('reads text fields only', () => {
    const form = new FormData();
    form.set('name', 'Dana');
    form.set('file', new Blob(['x']));
    expect(formText(form, 'name')).toBe('Dana');
    expect(formText(form, 'file')).toBe('');
    expect(formText(form, 'missing')).toBe('');
  });
});
