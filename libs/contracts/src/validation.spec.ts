import { LoginRequest, RegisterRequest, UpdateUserInformationRequest } from './users';
import {
  Birthdate,
  Email,
  OptionalVideoUrl,
  OptionalWebUrl,
  Password,
  nameScriptError,
  normalizePhoneNumber,
  passwordStrength,
  phoneNumberError,
  validationMessage,
} from './validation';

const validRegistration = {
  language: 'en',
  firstname: 'Dana',
  lastname: 'Levi',
  email: 'dana@example.com',
  phoneNumberPrefix: '+972',
  phoneNumber: '0501234567',
  birthdate: '1990-05-17',
  country: 'IL',
  gender: 'female',
  password: 'a long secret',
  termsAccepted: true,
};

function issues(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('password rules (NIST 800-63B: length, not composition)', () => {
  it.each([
    ['eightchr', '8 letters, no digit'],
    ['12345679', 'digits only'],
    ['correct horse battery staple', 'spaces'],
    ['סיסמה ארוכה מאוד', 'Hebrew with a space'],
    ['🔑🔑🔑🔑🔑🔑🔑🔑', '8 emoji: 8 characters, 16 UTF-16 units'],
    ['x'.repeat(64), '64 characters'],
  ])('accepts %s (%s)', (password) => {
    expect(Password.safeParse(password).success).toBe(true);
  });

  it.each([
    ['abc123', '6 characters'],
    ['seven77', '7 characters'],
    ['x'.repeat(65), '65 characters'],
    ['🔑'.repeat(65), '65 emoji'],
  ])('refuses %s (%s)', (password) => {
    expect(Password.safeParse(password).error?.issues[0]?.message).toBe('PASSWORD_RULES');
  });

  it('says the rule in both languages', () => {
    expect(validationMessage('PASSWORD_RULES', 'en')).toContain('8 to 64');
    expect(validationMessage('PASSWORD_RULES', 'he')).toContain('8 ל-64');
  });

  it('reads strength by length alone (a display, not a rule): refused is weak, 15 is strong', () => {
    expect(passwordStrength('sec12!')).toBe('weak');
    expect(passwordStrength('x'.repeat(65))).toBe('weak');
    expect(passwordStrength('secret-12345')).toBe('fair');
    expect(passwordStrength('abcdefghijklmn')).toBe('fair');
    expect(passwordStrength('abcdefghijklmno')).toBe('strong');
    expect(passwordStrength('a long passphrase here')).toBe('strong');
    // Counted in characters, as the rule counts: 15 emoji are 30 UTF-16 units.
    expect(passwordStrength('🔑'.repeat(14))).toBe('fair');
    expect(passwordStrength('🔑'.repeat(15))).toBe('strong');
  });
});

describe('names', () => {
  it('wants English letters in the English interface', () => {
    expect(nameScriptError("O'Brien", 'en')).toBeNull();
    expect(nameScriptError('Mary-Jane', 'en')).toBeNull();
    expect(nameScriptError('Anne Marie', 'en')).toBeNull();
    expect(nameScriptError('דנה', 'en')).toBe('NAME_ENGLISH_ONLY');
    expect(nameScriptError('Dana1', 'en')).toBe('NAME_ENGLISH_ONLY');
    expect(nameScriptError('Dana--Levi', 'en')).toBe('NAME_ENGLISH_ONLY');
  });

  it('wants Hebrew letters in the Hebrew interface, geresh and niqqud included', () => {
    expect(nameScriptError('דנה', 'he')).toBeNull();
    expect(nameScriptError("ג'ורג'", 'he')).toBeNull();
    expect(nameScriptError('בן-דוד', 'he')).toBeNull();
    expect(nameScriptError('שָׁלוֹם', 'he')).toBeNull();
    expect(nameScriptError('Dana', 'he')).toBe('NAME_HEBREW_ONLY');
    expect(nameScriptError('דנה2', 'he')).toBe('NAME_HEBREW_ONLY');
  });
});

describe('contact details', () => {
  it('normalises email to lower case and refuses a malformed one', () => {
    expect(Email.parse('  Dana@Example.COM ')).toBe('dana@example.com');
    expect(Email.safeParse('dana@').error?.issues[0]?.message).toBe('EMAIL_INVALID');
    expect(Email.safeParse('').error?.issues[0]?.message).toBe('FIELD_REQUIRED');
  });

  it('checks phone numbers against their country and drops the trunk prefix', () => {
    expect(phoneNumberError('+972', '0501234567')).toBeNull();
    expect(phoneNumberError('+972', '12')).toBe('PHONE_INVALID');
    expect(phoneNumberError('+1', '2025550123')).toBeNull();
    expect(normalizePhoneNumber('+972', '0501234567')).toBe('501234567');
    expect(normalizePhoneNumber('+972', '501234567')).toBe('501234567');
  });

  it('accepts web links and YouTube video links only', () => {
    expect(OptionalWebUrl.parse('https://dana.example.com/me')).toBe('https://dana.example.com/me');
    expect(OptionalWebUrl.parse('')).toBeNull();
    expect(OptionalWebUrl.safeParse('javascript:alert(1)').success).toBe(false);
    expect(OptionalWebUrl.safeParse('https://localhost').success).toBe(false);
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
    ]) {
      expect(OptionalVideoUrl.safeParse(url).success).toBe(true);
    }
    expect(OptionalVideoUrl.safeParse('https://vimeo.com/123').error?.issues[0]?.message).toBe(
      'VIDEO_URL_INVALID',
    );
  });

  it('accepts past calendar dates only', () => {
    expect(Birthdate.parse('1990-05-17T00:00:00.000Z')).toBe('1990-05-17');
    expect(Birthdate.safeParse('1990-02-30').success).toBe(false);
    expect(Birthdate.safeParse('2999-01-01').success).toBe(false);
    expect(Birthdate.safeParse('1850-01-01').success).toBe(false);
  });
});

describe('RegisterRequest', () => {
  it('accepts a complete registration and normalises it', () => {
    const parsed = RegisterRequest.parse({ ...validRegistration, email: 'Dana@Example.com' });
    expect(parsed).toMatchObject({
      email: 'dana@example.com',
      phoneNumber: '501234567',
      termsAccepted: true,
    });
    expect(parsed).not.toHaveProperty('websiteLink');
  });

  it('reports every missing field as required', () => {
    const result = RegisterRequest.safeParse({});
    expect(issues(result)).toEqual(
      expect.arrayContaining([
        'language:FIELD_REQUIRED',
        'firstname:FIELD_REQUIRED',
        'email:FIELD_REQUIRED',
        'gender:FIELD_REQUIRED',
        'password:FIELD_REQUIRED',
        'termsAccepted:TERMS_REQUIRED',
      ]),
    );
  });

  it('needs the terms accepted', () => {
    expect(
      issues(RegisterRequest.safeParse({ ...validRegistration, termsAccepted: false })),
    ).toEqual(['termsAccepted:TERMS_REQUIRED']);
  });

  it('checks names against the chosen language and the phone against its prefix', () => {
    expect(
      issues(
        RegisterRequest.safeParse({ ...validRegistration, language: 'he', phoneNumber: '0212' }),
      ),
    ).toEqual([
      'firstname:NAME_HEBREW_ONLY',
      'lastname:NAME_HEBREW_ONLY',
      'phoneNumber:PHONE_INVALID',
    ]);
  });
});

describe('UpdateUserInformationRequest', () => {
  it('keeps moto and about-me to 50 characters, and clears them with an empty string', () => {
    expect(issues(UpdateUserInformationRequest.safeParse({ moto: 'x'.repeat(51) }))).toEqual([
      'moto:MAX_50_CHARACTERS',
    ]);
    expect(UpdateUserInformationRequest.parse({ moto: '', aboutMe: 'x'.repeat(50) })).toEqual({
      moto: null,
      aboutMe: 'x'.repeat(50),
    });
  });
});

describe('LoginRequest', () => {
  it('needs both fields', () => {
    expect(issues(LoginRequest.safeParse({ email: 'dana@example.com' }))).toEqual([
      'password:FIELD_REQUIRED',
    ]);
  });
});

describe('validationMessage', () => {
  it('words a key in both languages and falls back to a generic message', () => {
    expect(validationMessage('FIELD_REQUIRED', 'en')).toBe('Field is required');
    expect(validationMessage('FIELD_REQUIRED', 'he')).toBe('שדה חובה');
    expect(validationMessage('Invalid input: expected string', 'he')).toBe('הערך אינו תקין');
  });
});
