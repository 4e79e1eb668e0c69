import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import type * as PasswordRule from '@mepedia/contracts/browser';
import { newPasswordResolver, registerResolver } from './auth-forms';

// The password rule changed in the contracts (12 characters instead of 8, say) changes the
// forms with it: they hold no copy of it. The contracts' rule module is swapped for one that
// wants 12 (by its path: the contracts' schemas import it from beside them); the forms are the
// real ones.
vi.mock('../../../../libs/contracts/src/password-rule', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordRule>();
  return {
    ...actual,
    passwordRuleProblem: (password: string) =>
      password === ''
        ? 'FIELD_REQUIRED'
        : actual.passwordLength(password) < 12
          ? 'PASSWORD_RULES'
          : null,
  };
});

async function codes<T extends FieldValues, R>(resolver: Resolver<T, unknown, R>, values: T) {
  const { errors } = await resolver(values, undefined, {
    fields: {},
    names: Object.keys(values),
    shouldUseNativeValidation: false,
  } as unknown as ResolverOptions<T>);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, (error as { message: string }).message]),
  );
}

describe('a rule changed in the contract', () => {
  it('changes the registration and new-password forms with it', async () => {
    const ten = 'ten chars!';
    expect(await codes(newPasswordResolver, { newPassword: ten, confirmPassword: ten })).toEqual({
      newPassword: 'PASSWORD_RULES',
    });
    const registration = await codes(registerResolver('en'), {
      firstname: 'Dana',
      lastname: 'Levi',
      email: 'dana@example.com',
      phoneNumberPrefix: '+972',
      phoneNumber: '0501234567',
      birthdate: '1990-05-17',
      country: 'IL',
      gender: 'female',
      password: ten,
      confirmPassword: ten,
      websiteLink: '',
      termsAccepted: true,
    });
    expect(registration).toEqual({ password: 'PASSWORD_RULES' });
    const twelve = 'twelve chars';
    expect(
      await codes(newPasswordResolver, { newPassword: twelve, confirmPassword: twelve }),
    ).toEqual({});
  });
});
