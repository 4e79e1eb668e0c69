import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@mepedia/web-api';
import { useEffect, useState, type FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type ResolverOptions,
} from 'react-hook-form';
import type { z } from 'zod';
import { describeApiError, errorText } from './forms';
import { useI18n } from './i18n';

// A form's rules are the contract's schema of the call it makes (libs/contracts), checked by
// react-hook-form through the zod resolver: the form refuses what the server would, with the
// same codes, worded from the catalogues at render. Nothing of this is in the shell: the
// resolver brings zod, so only the pages with forms load it (apps/web/vite.config.ts).

/** Codes a form checks beyond its call's contract (a confirmation that differs), by field. */
export type ExtraChecks<TForm extends FieldValues> = (
  values: TForm,
) => Partial<Record<FieldPath<TForm>, string>>;

/**
 * A resolver that checks what the form would send, `toRequest(values)`, with the contract's
 * `schema`, and gives it to the submit handler as the call's request once the schema accepts it
 * (as typed: the server normalises it). Errors land on the fields of the same names, their
 * messages the contract's codes.
 */
export function contractResolver<TForm extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toRequest: (values: TForm) => Record<string, unknown>,
  extra?: ExtraChecks<TForm>,
): Resolver<TForm, unknown, z.input<TSchema>> {
  // raw: the values handed on are the request as the form made it, not zod's output.
  const check = zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>, undefined, {
    raw: true,
  });
  return async (values, context, options) => {
    const request = toRequest(values) as FieldValues;
    const result = await check(
      request,
      context,
      options as unknown as ResolverOptions<FieldValues>,
    );
    const errors: Record<string, unknown> = { ...result.errors };
    for (const [name, code] of Object.entries(extra?.(values) ?? {}))
      if (typeof code === 'string' && get(errors, name) === undefined)
        errors[name] = { type: 'custom', message: code } satisfies FieldError;
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<TForm> }
      : { values: request as z.input<TSchema>, errors: {} };
  };
}

/** The form's own code for a confirmation that is not what it confirms. */
export const CONFIRMATION_DIFFERS = 'CONFIRMATION_DIFFERS';

/** A confirmation field (a password typed twice): refused while it differs. */
export function sameAs<TForm extends FieldValues>(
  field: FieldPath<TForm>,
  confirmation: FieldPath<TForm>,
): ExtraChecks<TForm> {
  return (values) =>
    get(values, confirmation) === get(values, field)
      ? {}
      : ({ [confirmation]: CONFIRMATION_DIFFERS } as Partial<Record<FieldPath<TForm>, string>>);
}

type Options<TForm extends FieldValues> = {
  defaultValues?: DefaultValues<TForm>;
  /** Said above the form while a failed submit's fields are in error; null: nothing above. */
  fixErrors?: string | null;
  /** A form's own words for a code at a field (with its limits); the catalogue's otherwise. */
  words?: (code: string, field: string) => string | undefined;
};

type Refusal = {
  /** Where a password refusal without field details belongs. */
  passwordField?: string;
  /** Error codes whose message belongs at a field (code -> field name). */
  codeFields?: Partial<Record<string, string>>;
};

/**
 * A react-hook-form form over a contract resolver, and what every form here shows around it.
 * Errors appear after a submit and then follow the member's typing: a field's error goes (and
 * its red border) as soon as the field is valid. Focus goes to the first field in error. A
 * refusal from the server is worded from its code, above the form and at the fields it names.
 */
export function useContractForm<TForm extends FieldValues, TRequest>(
  resolver: Resolver<TForm, unknown, TRequest>,
  options: Options<TForm> = {},
) {
  const { locale } = useI18n();
  const form = useForm<TForm, unknown, TRequest>({
    resolver,
    // Fields without a default are read from the page as drawn: what was typed before the
    // script came alive stays.
    ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, submitCount, isSubmitting } = form.formState;
  // The server's refusal above the form was about what was sent: it goes as soon as the member
  // changes it (its words at a field go with that field's next check, as every error does).
  const { watch } = form;
  useEffect(() => {
    const watching = watch(() => setFailure(null));
    return () => watching.unsubscribe();
  }, [watch]);

  /** A field's error in the user's language, or undefined. */
  const errorOf = (name: FieldPath<TForm> | (string & {})): string | undefined => {
    const error = get<FieldErrors<TForm>, FieldError | undefined>(errors, name);
    // The server's refusals come worded; the form's own checks give codes.
    const code = error?.type === 'server' ? undefined : error?.message;
    return (code && options.words?.(code, name)) || errorText(error, locale);
  };

  /** The submit handler: the contract's check, then `send` with the request. */
  const onSubmit =
    (send: (request: TRequest) => Promise<void>) =>
    (event?: FormEvent<HTMLFormElement>): void => {
      setFailure(null);
      void form.handleSubmit(send)(event);
    };

  /** A refusal from the server: its words above the form, and at each field it names. */
  const refused = (error: unknown, refusal: Refusal = {}) => {
    const described = describeApiError(error, locale, { passwordField: refusal.passwordField });
    const fields = { ...described.fields };
    const field = error instanceof ApiError ? refusal.codeFields?.[error.code] : undefined;
    if (field) fields[field] = described.message;
    Object.entries(fields).forEach(([name, message], index) =>
      form.setError(
        name as FieldPath<TForm>,
        { type: 'server', message },
        { shouldFocus: index === 0 },
      ),
    );
    setFailure(described.message);
  };

  const invalid = submitCount > 0 && Object.keys(errors).length > 0;
  return {
    ...form,
    errorOf,
    onSubmit,
    refused,
    /** Above the form: the server's refusal, or "correct the highlighted fields" while any are. */
    formError: failure ?? (invalid ? (options.fixErrors ?? null) : null),
    setFormError: setFailure,
    /** Back to a fresh start (a form closed and opened again shows no old errors). */
    clear: () => {
      form.reset();
      setFailure(null);
    },
    busy: isSubmitting,
  };
}
