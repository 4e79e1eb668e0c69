// The password rule, with no zod in it: the users service's schema (`Password` in validation.ts)
// and the web app's forms (through '@mepedia/contracts/browser') check the same function, so a
// form never accepts what the server refuses, or refuses what it accepts. The strength meter's
// reading is here too, so there is one notion of a strong password.
//
// NIST SP 800-63B and OWASP ASVS 5.0 level 2: length is what counts. At least 8 characters, up to
// 64 allowed, any character (spaces, emoji, Hebrew), no composition rules; the users service
// also refuses passwords from a list of common ones (PASSWORD_TOO_COMMON). Characters are
// counted as people count them (code points), not as UTF-16 units: an emoji is one, not two.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export function passwordLength(password: string): number {
  return [...password].length;
}

/** What is wrong with a new password by the rule (the common list aside), or null. */
export function passwordRuleProblem(password: string): 'FIELD_REQUIRED' | 'PASSWORD_RULES' | null {
  if (password === '') return 'FIELD_REQUIRED';
  const length = passwordLength(password);
  return length < PASSWORD_MIN || length > PASSWORD_MAX ? 'PASSWORD_RULES' : null;
}

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/** From this many characters a password the rule accepts reads "strong". */
export const STRONG_PASSWORD_LENGTH = 15;

/**
 * The strength meter's reading, a display and not a rule, by length only as NIST advises
 * (composition rules do not make passwords stronger): what the rule refuses is weak, a long
 * passphrase strong. The one place it is decided, next to the rule it follows.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (passwordRuleProblem(password)) return 'weak';
  return passwordLength(password) >= STRONG_PASSWORD_LENGTH ? 'strong' : 'fair';
}
