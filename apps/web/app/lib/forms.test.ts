import { Password, RegisterRequest } from '@mepedia/contracts';
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

describe('the password rule of the forms is the server’s', () => {
  const emoji = '\u{1F600}';
  const astral = '\u{10348}';
  it('counts characters (code points), not UTF-16 units, exactly as the contracts do', () => {
    // 8 emoji are 16 UTF-16 units but 8 characters; 64 astral characters are 128 units.
    expect(passwordProblem(emoji.repeat(8))).toBeNull();
    expect(passwordProblem(astral.repeat(64))).toBeNull();
    expect(passwordProblem(`${emoji.repeat(32)}${'a'.repeat(32)}`)).toBeNull();
    expect(passwordProblem(emoji.repeat(4))).toBe('PASSWORD_RULES');
    expect(passwordProblem(emoji.repeat(7))).toBe('PASSWORD_RULES');
    expect(passwordProblem(astral.repeat(65))).toBe('PASSWORD_RULES');
    for (const password of [
      emoji.repeat(4),
      emoji.repeat(7),
      emoji.repeat(8),
      astral.repeat(33),
      astral.repeat(64),
      astral.repeat(65),
      `${'a'.repeat(63)}${emoji}`,
      `${'a'.repeat(64)}${emoji}`,
      'abcdefg',
      'abcdefgh',
    ]) {
      const server = Password.safeParse(password);
      expect(passwordProblem(password) === null, `${password.length} units`).toBe(server.success);
      expect(
        RegisterRequest.safeParse({ password }).error?.issues.some(
          (issue) => issue.path[0] === 'password',
        ) ?? false,
      ).toBe(!server.success);
    }
  });

  it('rates strength by characters too', () => {
    // 7 emoji are 14 units: short by the rule, so weak; 15 characters of any kind are strong.
    expect(passwordStrength(emoji.repeat(7))).toBe('weak');
    expect(passwordStrength(emoji.repeat(8))).toBe('fair');
    expect(passwordStrength(emoji.repeat(15))).toBe('strong');
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
