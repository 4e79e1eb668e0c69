import { randomBytes, randomInt } from 'node:crypto';
import type { RegisterRequest } from '@mepedia/contracts';

/** A valid, unique registration (English interface unless overridden). */
export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const id = randomBytes(4).toString('hex');
  return {
    language: 'en',
    firstname: 'Dana',
    lastname: 'Levi',
    email: `dana.${id}@example.com`,
    phoneNumberPrefix: '+972',
    // Israeli mobile numbers: 05X then 7 digits.
    phoneNumber: `05${randomInt(0, 9)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
    birthdate: '1990-05-17',
    country: 'IL',
    gender: 'female',
    password: 'a-long-secret-42',
    websiteLink: 'https://dana.example.com',
    termsAccepted: true,
    ...overrides,
  };
}
