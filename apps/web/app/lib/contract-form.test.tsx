// @vitest-environment jsdom
import {
  ChangePhoneNumberRequest,
  InsertPrivateQuestionRequest,
  LoginRequest,
  RegisterRequest,
  UpdateUserInformationRequest,
  VerifyUserByPhoneRequest,
  type CurrentUser,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Field, FormError } from '../components/field';
import {
  phoneChangeResolver,
  phoneCodeResolver,
  detailsResolver,
} from '../components/settings/resolvers';
import { questionResolver } from '../components/private-questions/validation';
import { loginResolver, newPasswordResolver, registerResolver } from './auth-forms';
import { CONFIRMATION_DIFFERS, useContractForm } from './contract-form';
import { I18nProvider } from './i18n';

afterEach(cleanup);

const options = {
  fields: {},
  shouldUseNativeValidation: false,
  criteriaMode: 'firstError',
} as const;

/** A resolver's verdict as react-hook-form reads it: field path -> code, or the request. */
async function verdict<T extends FieldValues, R>(resolver: Resolver<T, unknown, R>, values: T) {
  const result = await resolver(values, undefined, {
    ...options,
    names: Object.keys(values),
  } as unknown as ResolverOptions<T>);
  const codes: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (node && typeof node === 'object' && 'message' in node && 'type' in node)
      codes[path.join('.')] = String((node as { message: unknown }).message);
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node))
        if (key !== 'ref') walk(child, [...path, key]);
  };
  walk(result.errors, []);
  return { codes, request: result.values };
}

/** The contract's own verdict: the first issue's code at each top-level field. */
function contractCodes(schema: z.ZodType, input: unknown) {
  const codes: Record<string, string> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? [])
    codes[issue.path.join('.')] ??= issue.message;
  return codes;
}

const registration = {
  firstname: 'Dana',
  lastname: 'Levi',
  email: 'dana@example.com',
  phoneNumberPrefix: '+972',
  phoneNumber: '050-123 4567',
  birthdate: '1990-05-17',
  country: 'IL',
  gender: 'female',
  password: 'a long secret',
  confirmPassword: 'a long secret',
  websiteLink: '',
  termsAccepted: true,
};

describe('the forms check with the contracts’ schemas', () => {
  it('registration refuses exactly what RegisterRequest refuses, field by field', async () => {
    const samples = [
      registration,
      {
        ...registration,
        firstname: '',
        email: 'nope',
        password: 'abc1234',
        confirmPassword: 'abc1234',
      },
      { ...registration, gender: '', termsAccepted: false, websiteLink: 'not a link' },
      { ...registration, firstname: 'דנה', phoneNumber: '123' },
      { ...registration, password: '🔑'.repeat(7), confirmPassword: '🔑'.repeat(7) },
      { ...registration, password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) },
      { ...registration, birthdate: '2999-01-01' },
    ];
    for (const sample of samples) {
      const { confirmPassword: _confirm, ...sent } = sample;
      const expected = contractCodes(RegisterRequest, {
        ...sent,
        language: 'en',
        websiteLink: sent.websiteLink || undefined,
      });
      expect((await verdict(registerResolver('en'), sample)).codes, JSON.stringify(sample)).toEqual(
        expected,
      );
    }
  });

  it('holds names to the script of the interface’s language, as the server does', async () => {
    const hebrew = { ...registration, firstname: 'דנה', lastname: 'לוי' };
    expect((await verdict(registerResolver('en'), hebrew)).codes).toEqual({
      firstname: 'NAME_ENGLISH_ONLY',
      lastname: 'NAME_ENGLISH_ONLY',
    });
    expect((await verdict(registerResolver('he'), hebrew)).codes).toEqual({});
  });

  it('hands on the request as the member typed it, the confirmation left out', async () => {
    const { request } = await verdict(registerResolver('he'), {
      ...registration,
      firstname: 'דנה',
      lastname: 'לוי',
    });
    expect(request).toEqual({
      ...registration,
      confirmPassword: undefined,
      firstname: 'דנה',
      lastname: 'לוי',
      language: 'he',
      websiteLink: undefined,
    });
    expect(RegisterRequest.safeParse(request).success).toBe(true);
  });

  it('adds the form’s own confirmation, and keeps the contract’s word first', async () => {
    expect(
      (await verdict(registerResolver('en'), { ...registration, confirmPassword: 'other' })).codes,
    ).toEqual({
      confirmPassword: CONFIRMATION_DIFFERS,
    });
    expect(
      (await verdict(newPasswordResolver, { newPassword: 'short', confirmPassword: 'x' })).codes,
    ).toEqual({
      newPassword: 'PASSWORD_RULES',
      confirmPassword: CONFIRMATION_DIFFERS,
    });
    expect(
      (
        await verdict(newPasswordResolver, {
          newPassword: 'long enough',
          confirmPassword: 'long enough',
        })
      ).codes,
    ).toEqual({});
  });

  it('signs in with any stored password, as LoginRequest does', async () => {
    const sample = { email: 'DANA@example.com ', password: 'old' };
    expect((await verdict(loginResolver, sample)).codes).toEqual(
      contractCodes(LoginRequest, sample),
    );
    expect((await verdict(loginResolver, { email: '', password: '' })).codes).toEqual({
      email: 'FIELD_REQUIRED',
      password: 'FIELD_REQUIRED',
    });
  });

  it('puts a sub-question’s error at its row’s text, by InsertPrivateQuestionRequest', async () => {
    const values = {
      questionTitle: 'Four',
      subQuestions: [
        { key: 'row-1', text: 'Fine enough' },
        { key: 'row-2', text: 'abcd' },
        { key: 'row-3', text: '   ' },
      ],
    };
    const { codes } = await verdict(questionResolver, values);
    expect(codes).toEqual({
      questionTitle: 'CONTENT_TOO_SHORT',
      'subQuestions.1.text': 'CONTENT_TOO_SHORT',
      'subQuestions.2.text': 'FIELD_REQUIRED',
    });
    // The contract's own issues, at the fields the form shows them in.
    const contract = InsertPrivateQuestionRequest.safeParse({
      questionTitle: values.questionTitle,
      subQuestions: values.subQuestions.map((row) => row.text),
    });
    expect(
      Object.fromEntries(
        (contract.error?.issues ?? []).map((issue) => {
          const path = issue.path.join('.');
          return [path === 'questionTitle' ? path : `${path}.text`, issue.message];
        }),
      ),
    ).toEqual(codes);
    // Five Hebrew letters are five characters, as the server counts them.
    expect(
      (
        await verdict(questionResolver, {
          questionTitle: 'אבגדה',
          subQuestions: [{ key: 'row-1', text: 'אבגדה' }],
        })
      ).codes,
    ).toEqual({});
  });

  it('settings send only what changed, checked by UpdateUserInformationRequest', async () => {
    const user = {
      firstname: 'Dana',
      lastname: 'Levi',
      birthdate: '1990-05-17T00:00:00.000Z',
      country: 'IL',
      gender: 'female',
      language: 'en',
    } as CurrentUser;
    const same = { ...user, birthdate: '1990-05-17' };
    expect(await verdict(detailsResolver(user), same)).toEqual({ codes: {}, request: {} });
    const changed = { ...same, lastname: 'Cohen', birthdate: '2999-01-01' };
    expect((await verdict(detailsResolver(user), changed)).codes).toEqual(
      contractCodes(UpdateUserInformationRequest, { lastname: 'Cohen', birthdate: '2999-01-01' }),
    );
    // An unchanged name in the other script stays; a changed one follows the language.
    expect((await verdict(detailsResolver(user), { ...same, lastname: 'לוי' })).codes).toEqual({
      lastname: 'NAME_ENGLISH_ONLY',
    });
  });

  it('a new phone number is the member’s own call, ChangePhoneNumberRequest', async () => {
    const { codes, request } = await verdict(phoneChangeResolver('u1'), {
      phoneNumberPrefix: '+972',
      phoneNumber: '050-123 4567',
    });
    expect(codes).toEqual({});
    expect(ChangePhoneNumberRequest.parse(request)).toMatchObject({ phoneNumber: '501234567' });
    expect(
      (await verdict(phoneChangeResolver('u1'), { phoneNumberPrefix: '+972', phoneNumber: '12' }))
        .codes,
    ).toEqual({
      phoneNumber: 'PHONE_INVALID',
    });
  });

  it('a texted code (verification page, settings) is VerifyUserByPhoneRequest with its number', async () => {
    const number = { prefix: '+972', phone: '501234567' };
    for (const verifyCode of ['', '12345', '12a456', '1234567', '123 456', '123456']) {
      const { codes, request } = await verdict(phoneCodeResolver(number), { verifyCode });
      expect(codes, verifyCode).toEqual(
        contractCodes(VerifyUserByPhoneRequest, { verifyCode, ...number }),
      );
      if (Object.keys(codes).length === 0) expect(request).toEqual({ verifyCode, ...number });
    }
    expect((await verdict(phoneCodeResolver(number), { verifyCode: '12345' })).codes).toEqual({
      verifyCode: 'VERIFY_CODE_FORMAT',
    });
    expect((await verdict(phoneCodeResolver(number), { verifyCode: '123 456' })).codes).toEqual({});
  });
});

function SignIn({ onSent }: { onSent: (body: unknown) => void }) {
  const form = useContractForm(loginResolver, {
    fixErrors: 'Please correct the highlighted fields',
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (body) => {
        onSent(body);
        await Promise.resolve();
      })}
    >
      <FormError message={form.formError} />
      <Field label="Email" {...form.register('email')} error={form.errorOf('email')} />
      <Field label="Password" {...form.register('password')} error={form.errorOf('password')} />
      <button type="submit">Sign in</button>
    </form>
  );
}

/** A sign-in the server always refuses, as it refuses a wrong password. */
function RefusedSignIn() {
  const form = useContractForm(loginResolver);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async () => {
        await Promise.resolve();
        form.refused(
          new ApiError(401, {
            code: 'INVALID_CREDENTIALS',
            message: 'Email or password is wrong',
            requestId: 'r1',
          }),
        );
      })}
    >
      <FormError message={form.formError} />
      <Field label="Email" {...form.register('email')} error={form.errorOf('email')} />
      <Field label="Password" {...form.register('password')} error={form.errorOf('password')} />
      <button type="submit">Sign in</button>
    </form>
  );
}

describe('useContractForm', () => {
  const draw = (locale: 'en' | 'he', sent: unknown[]) =>
    render(
      <I18nProvider locale={locale}>
        <SignIn onSent={(body) => sent.push(body)} />
      </I18nProvider>,
    );
  const submit = () => fireEvent.click(screen.getByRole('button'));
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label), { target: { value } });
  const fieldText = (label: string) => screen.getByLabelText(label).closest('.field')?.textContent;

  it('shows the contract’s errors after a submit, and each goes as its field becomes valid', async () => {
    const sent: unknown[] = [];
    draw('en', sent);
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    submit();
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(fieldText('Email')).toContain('Field is required');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Please correct the highlighted fields');
    expect(document.activeElement).toBe(email);

    // Still wrong: the error follows what is typed.
    type('Email', 'dana@');
    await waitFor(() => expect(fieldText('Email')).toContain('Email is not valid'));
    // Valid: its error and red border go at once; the neighbour's stays.
    type('Email', 'dana@example.com');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(email.closest('.field')?.classList.contains('has-error')).toBe(false);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    type('Password', 'secret');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBeNull());
    // Nothing in error: nothing to correct above the form either.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);

    submit();
    await waitFor(() => expect(sent).toEqual([{ email: 'dana@example.com', password: 'secret' }]));
  });

  it('takes the server’s refusal from above the form as soon as the member changes what was sent', async () => {
    render(
      <I18nProvider locale="en">
        <RefusedSignIn />
      </I18nProvider>,
    );
    type('Email', 'dana@example.com');
    type('Password', 'not her secret');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    type('Password', 'her secret');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('words the codes in the page’s language', async () => {
    draw('he', []);
    submit();
    await waitFor(() => expect(fieldText('Email')).toContain('שדה חובה'));
  });
});
