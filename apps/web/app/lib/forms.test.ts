import { RegisterRequest } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  describeApiError,
  fieldErrors,
  formText,
  passwordProblem,
  passwordStrength,
} from './forms';

describe('fieldErrors', () => {
  it('gives one message per field in the user language', () => {
    const result = RegisterRequest.safeParse({ language: 'he', email: 'nope', password: 'abc' });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!, 'he');
    expect(errors['email']).toBe('כתובת האימייל אינה תקינה');
    expect(errors['firstname']).toBe('שדה חובה');
    expect(errors['termsAccepted']).toBe('יש לאשר את תנאי השימוש');
  });

  it('words the password rule from the web catalogues, in both languages', () => {
    const schema = z.object({ password: z.string().min(8, 'PASSWORD_RULES') });
    const error = schema.safeParse({ password: 'abc' }).error!;
    expect(fieldErrors(error, 'en')['password']).toBe(
      'The password must be 8 to 64 characters long',
    );
    expect(fieldErrors(error, 'he')['password']).toBe('הסיסמה צריכה להכיל בין 8 ל-64 תווים');
  });
});

describe('passwordProblem', () => {
  it('holds passwords to length only: 8 to 64 characters of any kind', () => {
    for (const password of [
      'abcdefgh',
      'correct horse battery staple',
      '        ',
      '12345678',
      'סיסמה ארוכה',
      'x'.repeat(64),
    ])
      expect(passwordProblem(password)).toBeNull();
    expect(passwordProblem('')).toBe('FIELD_REQUIRED');
    expect(passwordProblem('abc1234')).toBe('PASSWORD_RULES');
    expect(passwordProblem('x'.repeat(65))).toBe('PASSWORD_RULES');
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

describe('passwordStrength', () => {
  it('hints by length, not by the kinds of characters', () => {
    expect(passwordStrength('abc123!')).toBe('weak');
    expect(passwordStrength('abcdefgh')).toBe('fair');
    expect(passwordStrength('correct horse battery')).toBe('strong');
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
