import {
  ChangeEmailRequest,
  ChangePhoneNumberRequest,
  VerifyUserByPhoneRequest,
  type CurrentUser,
} from '@mepedia/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useApi } from '../../lib/api';
import { fieldErrors, formText } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { Field, FormError } from '../field';
import { SETTINGS_QUERY_KEY, useSettingsForm } from './use-settings-form';

/** A phone number reads left to right in either language: "+972 541112233". */
const phoneText = (prefix: string, phone: string) => (
  <bdi dir="ltr" className="phone-number">
    {prefix} {phone}
  </bdi>
);
const emailText = (email: string) => <bdi dir="ltr">{email}</bdi>;

/**
 * The member's email and phone number, each changed through the new one (docs/api/users.md, "A
 * member's new phone number or email"): a link to the new address, a code to the new number.
 * Until it answers, the old one stays; the page says so.
 */
export function ContactForms({ user }: { user: CurrentUser }) {
  const { t } = useI18n();
  const titleId = useId();
  return (
    <section className="settings-contact" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('settings.contact.title')}</h3>
      <p className="muted">{t('settings.contact.hint')}</p>
      <EmailChange user={user} />
      <PhoneChange user={user} />
    </section>
  );
}

/** The current value, and the button that opens its form in place. */
function ContactRow({
  label,
  value,
  action,
  open,
  onOpen,
  formId,
  buttonId,
}: {
  label: string;
  value: ReactNode;
  action: string;
  open: boolean;
  onOpen: () => void;
  formId: string;
  buttonId: string;
}) {
  return (
    <div className="settings-contact-row">
      <p>
        <span className="settings-contact-label">{label}</span> {value}
      </p>
      {!open && (
        <button
          id={buttonId}
          type="button"
          className="button button-secondary"
          aria-expanded={false}
          aria-controls={formId}
          onClick={onOpen}
        >
          {action}
        </button>
      )}
    </div>
  );
}

/** One step's form: its error above, its fields, the send button (busy while sending) and more. */
function StepForm({
  id,
  attach,
  form,
  onSubmit,
  submitLabel,
  children,
  more,
}: {
  id: string;
  attach: (element: HTMLFormElement | null) => void;
  form: ReturnType<typeof useSettingsForm>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: string;
  children: ReactNode;
  more: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <form
      id={id}
      ref={attach}
      className="form settings-contact-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormError message={form.formError} />
      {children}
      <div className="actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('form.sending') : submitLabel}
        </button>
        {more}
      </div>
    </form>
  );
}

/**
 * Keyboard focus follows the form: into its first empty field when it opens (or moves to its
 * next step), back to the button that opened it when it closes, never left on a removed element.
 */
function useFollowFocus(
  formRef: RefObject<HTMLFormElement | null>,
  step: unknown,
  buttonId: string,
): (element: HTMLFormElement | null) => void {
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (form) {
      // The first field to fill in (the number, past a prefix already there).
      const inputs = [...form.querySelectorAll<HTMLInputElement>('input')];
      (inputs.find((input) => input.value === '') ?? inputs[0])?.focus();
    } else if (wasOpen.current) document.getElementById(buttonId)?.focus();
    wasOpen.current = form !== null;
  }, [form, step, buttonId]);
  // The form's ref: the focus-on-error hook's and this one's.
  return useCallback(
    (element: HTMLFormElement | null) => {
      formRef.current = element;
      setForm(element);
    },
    [formRef],
  );
}

function EmailChange({ user }: { user: CurrentUser }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const form = useSettingsForm();
  const formId = useId();
  const buttonId = useId();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const attachForm = useFollowFocus(form.formRef, null, buttonId);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { email: formText(data, 'email'), password: formText(data, 'password') };
    const parsed = ChangeEmailRequest.safeParse(body);
    await form.submit(
      parsed.success ? {} : fieldErrors(parsed.error, locale),
      async () => {
        await api.users.changeEmail(body.email, body.password);
        setSentTo(body.email.trim().toLowerCase());
        setOpen(false);
      },
      t('settings.contact.linkSent'),
      {
        PASSWORD_INCORRECT: 'password',
        EMAIL_EXISTS: 'email',
        CONTACT_UNCHANGED: 'email',
        RESEND_TOO_SOON: 'email',
      },
    );
  };

  return (
    <>
      <ContactRow
        label={t('settings.contact.email')}
        value={emailText(user.email)}
        action={t('settings.contact.changeEmail')}
        open={open}
        onOpen={() => setOpen(true)}
        formId={formId}
        buttonId={buttonId}
      />
      {sentTo && !open && (
        <p className="notice" role="status">
          {richMessage(t, 'settings.contact.emailPending', {
            email: emailText(sentTo),
            current: emailText(user.email),
          })}
        </p>
      )}
      {open && (
        <StepForm
          id={formId}
          attach={attachForm}
          form={form}
          onSubmit={onSubmit}
          submitLabel={t('settings.contact.sendLink')}
          more={
            <>
              <button type="button" className="link-button" onClick={() => setOpen(false)}>
                {t('settings.contact.cancel')}
              </button>
            </>
          }
        >
          <Field
            label={t('settings.contact.newEmail')}
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            required
            error={form.errors['email']}
          />
          <Field
            label={t('settings.contact.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            hint={t('settings.contact.passwordHint')}
            error={form.errors['password']}
          />
        </StepForm>
      )}
    </>
  );
}

function PhoneChange({ user }: { user: CurrentUser }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useSettingsForm();
  const formId = useId();
  const buttonId = useId();
  const [open, setOpen] = useState(false);
  // The number a code went to: the form then asks for the code.
  const [pending, setPending] = useState<{ prefix: string; phone: string } | null>(null);
  const attachForm = useFollowFocus(form.formRef, pending, buttonId);

  const close = () => {
    setOpen(false);
    setPending(null);
    form.setErrors({});
  };

  const onNumber = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = {
      phoneNumberPrefix: formText(data, 'phoneNumberPrefix'),
      phoneNumber: formText(data, 'phoneNumber'),
      userId: user.id,
    };
    const parsed = ChangePhoneNumberRequest.safeParse(body);
    await form.submit(
      parsed.success ? {} : fieldErrors(parsed.error, locale),
      async () => {
        await api.users.changePhonenumber(user.id, body.phoneNumberPrefix, body.phoneNumber);
        // The server's spelling of the number (no trunk zero), which the code is checked with.
        setPending({
          prefix: parsed.data!.phoneNumberPrefix,
          phone: parsed.data!.phoneNumber,
        });
      },
      // The code step's own status line says where the code went.
      null,
      {
        PHONE_EXISTS: 'phoneNumber',
        CONTACT_UNCHANGED: 'phoneNumber',
        RESEND_TOO_SOON: 'phoneNumber',
      },
    );
  };

  const onCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) return;
    const data = new FormData(event.currentTarget);
    const body = { verifyCode: formText(data, 'verifyCode'), ...pending };
    const parsed = VerifyUserByPhoneRequest.safeParse(body);
    await form.submit(
      parsed.success ? {} : fieldErrors(parsed.error, locale),
      async () => {
        await api.users.verifyUserByPhone(body.verifyCode, pending.prefix, pending.phone);
        const session = await api.users.session();
        if (session !== 'NoSession') queryClient.setQueryData(SETTINGS_QUERY_KEY, session);
        close();
      },
      t('settings.contact.phoneChanged'),
      { INVALID_VERIFY_CODE: 'verifyCode', VERIFY_CODE_EXPIRED: 'verifyCode' },
    );
  };

  return (
    <>
      <ContactRow
        label={t('settings.contact.phone')}
        value={phoneText(user.phoneNumberPrefix, user.phoneNumber)}
        action={t('settings.contact.changePhone')}
        open={open}
        onOpen={() => setOpen(true)}
        formId={formId}
        buttonId={buttonId}
      />
      {open && !pending && (
        <StepForm
          id={formId}
          attach={attachForm}
          form={form}
          onSubmit={onNumber}
          submitLabel={t('settings.contact.sendCode')}
          more={
            <>
              <button type="button" className="link-button" onClick={close}>
                {t('settings.contact.cancel')}
              </button>
            </>
          }
        >
          <div className="field-row">
            <Field
              label={t('auth.phonePrefix')}
              name="phoneNumberPrefix"
              dir="ltr"
              autoComplete="tel-country-code"
              defaultValue={user.phoneNumberPrefix}
              required
              error={form.errors['phoneNumberPrefix']}
            />
            <Field
              label={t('settings.contact.newPhone')}
              name="phoneNumber"
              type="tel"
              dir="ltr"
              autoComplete="tel-national"
              required
              error={form.errors['phoneNumber']}
            />
          </div>
        </StepForm>
      )}
      {open && pending && (
        <StepForm
          id={formId}
          attach={attachForm}
          form={form}
          onSubmit={onCode}
          submitLabel={t('settings.contact.confirm')}
          more={
            <>
              <button type="button" className="link-button" onClick={() => setPending(null)}>
                {t('settings.contact.otherNumber')}
              </button>
              <button type="button" className="link-button" onClick={close}>
                {t('settings.contact.cancel')}
              </button>
            </>
          }
        >
          <p role="status">
            {richMessage(t, 'settings.contact.codeSent', {
              phone: phoneText(pending.prefix, pending.phone),
            })}
          </p>
          <Field
            label={t('settings.contact.code')}
            name="verifyCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            dir="ltr"
            required
            error={form.errors['verifyCode']}
          />
        </StepForm>
      )}
    </>
  );
}
