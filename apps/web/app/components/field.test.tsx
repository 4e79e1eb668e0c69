// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loginResolver, newPasswordResolver } from '../lib/auth-forms';
import { useContractForm } from '../lib/contract-form';
import { I18nProvider } from '../lib/i18n';
import { EmailField, PasswordField } from './field';

afterEach(cleanup);

/** What a screen reader says with a control: the texts its aria-describedby names, in order. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
    .join(' | ');
}

describe('EmailField', () => {
  it('is a labelled email input the browser fills with the member’s address, left to right', () => {
    render(
      <I18nProvider locale="he">
        <EmailField name="email" required />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('אימייל');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('takes a form’s own label, and ties its error to the input', () => {
    render(
      <I18nProvider locale="en">
        <EmailField label="New email" name="email" error="Email is not valid" />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('New email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('Email is not valid');
    expect(input.closest('.field')?.classList.contains('has-error')).toBe(true);
  });
});

describe('PasswordField', () => {
  it('is masked with the autocomplete it is given, and its button shows and hides what was typed', () => {
    render(
      <I18nProvider locale="en">
        <PasswordField label="New password" name="password" autoComplete="new-password" />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    fireEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('ties its error and hint to the input, error first, and says its button in Hebrew', () => {
    render(
      <I18nProvider locale="he">
        <PasswordField
          label="סיסמה"
          name="password"
          autoComplete="current-password"
          hint="לאישור"
          error="שדה חובה"
        />
      </I18nProvider>,
    );
    const input = screen.getByLabelText('סיסמה', { selector: 'input' });
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toBe('שדה חובה | לאישור');
    expect(screen.getByRole('button', { name: 'הצגת הסיסמה' })).toBeDefined();
  });
});

function SignIn({ sent }: { sent: unknown[] }) {
  const form = useContractForm(loginResolver);
  return (
    <form noValidate onSubmit={form.onSubmit(async (body) => void sent.push(body))}>
      <EmailField {...form.register('email')} error={form.errorOf('email')} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        {...form.register('password')}
        error={form.errorOf('password')}
      />
      <button type="submit">Sign in</button>
    </form>
  );
}

function NewPassword() {
  const form = useContractForm(newPasswordResolver);
  return (
    <form noValidate onSubmit={form.onSubmit(async () => undefined)}>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        {...form.register('newPassword', { deps: ['confirmPassword'] })}
        error={form.errorOf('newPassword')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...form.register('confirmPassword')}
        error={form.errorOf('confirmPassword')}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('the fields in a contract form', () => {
  it('take react-hook-form’s register: values, focus on the first error, errors tied and cleared', async () => {
    const sent: unknown[] = [];
    render(
      <I18nProvider locale="en">
        <SignIn sent={sent} />
      </I18nProvider>,
    );
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(description(email)).toBe('Field is required');
    expect(description(password)).toBe('Field is required');
    expect(document.activeElement).toBe(email);

    fireEvent.input(email, { target: { value: 'dana@example.com' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(email.getAttribute('aria-describedby')).toBeNull();
    // Shown or hidden, the password is the same field of the form.
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    fireEvent.input(password, { target: { value: 'a long secret phrase' } });
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(sent).toEqual([{ email: 'dana@example.com', password: 'a long secret phrase' }]),
    );
  });

  it('check a confirmation against its password when either changes', async () => {
    render(
      <I18nProvider locale="en">
        <NewPassword />
      </I18nProvider>,
    );
    const first = screen.getByLabelText('New password', { selector: 'input' });
    const second = screen.getByLabelText('Confirm password', { selector: 'input' });
    fireEvent.input(first, { target: { value: 'a long secret phrase' } });
    fireEvent.input(second, { target: { value: 'another long phrase' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.input(first, { target: { value: 'another long phrase' } });
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBeNull());
  });
});
