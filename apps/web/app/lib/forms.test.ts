import { RegisterRequest, isStrongPassword } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { describe, expect, it } from 'vitest';
import { describeApiError, fieldErrors, formText, passwordStrength } from './forms';

describe('fieldErrors', () => {
  it('gives one message per field in the user language', () => {
    const result = RegisterRequest.safeParse({ language: 'he', email: 'nope', password: 'abc' });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!, 'he');
    expect(errors['email']).toBe('כתובת האימייל אינה תקינה');
    expect(errors['password']).toBe('הסיסמה חייבת להכיל 6-30 תווים, ובהם אותיות ומספרים');
    expect(errors['firstname']).toBe('שדה חובה');
    expect(errors['termsAccepted']).toBe('יש לאשר את תנאי השימוש');
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

  it('falls back to the generic message for anything else', () => {
    expect(describeApiError(new TypeError('Failed to fetch'), 'en').message).toBe(
      'An error has occurred',
    );
  });
});

describe('passwordStrength', () => {
  it('grades passwords as the spec does', () => {
    expect(passwordStrength('abc', isStrongPassword)).toBe('weak');
    expect(passwordStrength('abc123', isStrongPassword)).toBe('fair');
    expect(passwordStrength('abc123!x', isStrongPassword)).toBe('strong');
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
