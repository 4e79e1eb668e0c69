import type { CurrentUser, UpdateUserInformationRequest } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { userQueries } from '@mepedia/web-api/queries';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import { useApi } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { describeApiError, type FieldErrors } from '../../lib/forms';
import { useFocusFirstError } from '../../lib/focus-first-error';
import { useI18n } from '../../lib/i18n';
import { useToasts } from '../toasts';

/** Saves profile fields and puts the answer where every tab reads the member from. */
export function useSaveProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return async (body: UpdateUserInformationRequest): Promise<CurrentUser> => {
    const user = await api.users.updateUserInformation(body);
    // The member's full record, for this page only (`userQueries.account`).
    queryClient.setQueryData(userQueries.account(api, user.id).queryKey, user);
    // The header shows the member's name and picture from the root loader: refresh it.
    void revalidator.revalidate();
    return user;
  };
}

/**
 * A settings form over its call's contract (lib/contract-form.ts): `submit(send)` checks the
 * fields, sends, says so in a toast when it went right (`success`; null when the page says so
 * itself: toasts come at most one every few seconds, so a step's toast could swallow the next
 * step's), and puts a refusal at its fields (`codeFields`: error codes whose message belongs at
 * a field, code -> field name).
 */
export function useSettingsContractForm<TForm extends FieldValues, TRequest>(
  resolver: Resolver<TForm, unknown, TRequest>,
) {
  const { t } = useI18n();
  const toasts = useToasts();
  const form = useContractForm(resolver, { fixErrors: t('auth.fixErrors') });
  const submit = (
    send: (request: TRequest) => Promise<void>,
    success: string | null = t('settings.saved'),
    codeFields: Partial<Record<string, string>> = {},
  ) =>
    form.onSubmit(async (request) => {
      try {
        await send(request);
        if (success !== null) toasts.success(success);
      } catch (error) {
        form.refused(error, { codeFields });
      }
    });
  return { ...form, submit };
}

/**
 * The picture's form, which checks a file rather than fields typed to a contract: field errors
 * and a form error, a busy flag that disables submitting, focus moved to the first field in
 * error after each failed attempt, server errors worded from their codes, and a toast when it
 * went right.
 */
export function useSettingsForm() {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  const { formRef, focusFirstError } = useFocusFirstError();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (fields: FieldErrors, message: string | null) => {
    setErrors(fields);
    setFormError(message);
    focusFirstError();
  };

  /** Runs `send` unless `found` has errors; a refusal from the server lands on its fields. */
  const submit = async (
    found: FieldErrors,
    send: () => Promise<void>,
    /** The toast when it went right; null when the page says so itself (toasts come at most
     * one every few seconds, so a step's toast could swallow the next step's). */
    success: string | null = t('settings.saved'),
    /** Error codes whose message belongs at a field (code -> field name). */
    codeFields: Partial<Record<string, string>> = {},
  ) => {
    if (Object.keys(found).length > 0) {
      fail(found, t('auth.fixErrors'));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await send();
      if (success !== null) toasts.success(success);
    } catch (error) {
      const described = describeApiError(error, locale);
      const field = error instanceof ApiError ? codeFields[error.code] : undefined;
      fail(
        field ? { ...described.fields, [field]: described.message } : described.fields,
        described.message,
      );
    } finally {
      setBusy(false);
    }
  };

  return { formRef, errors, setErrors, formError, busy, fail, submit };
}
