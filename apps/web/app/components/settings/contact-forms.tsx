import { ChangePhoneNumberRequest, type CurrentUser } from '@mepedia/contracts';
import { userQueries } from '@mepedia/web-api/queries';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { EmailField, Field, FormError, PasswordField } from '../field';
import { emailChangeResolver, phoneChangeResolver, phoneCodeResolver } from './resolvers';
import { useSettingsContractForm } from './use-settings-form';

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
  form: { formError: string | null; busy: boolean };
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
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
      onSubmit={onSubmit}
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
  return setForm;
}

function EmailChange({ user }: { user: CurrentUser }) {
  const { t } = useI18n();
  const api = useApi();
  const form = useSettingsContractForm(emailChangeResolver);
  const formId = useId();
  const buttonId = useId();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const attachForm = useFollowFocus(null, buttonId);

  const close = () => {
    setOpen(false);
    form.clear();
  };

  const onSubmit = form.submit(
    async ({ email, password }) => {
      await api.users.changeEmail(email, password);
      setSentTo(email.trim().toLowerCase());
      close();
    },
    t('settings.contact.linkSent'),
    {
      PASSWORD_INCORRECT: 'password',
      EMAIL_EXISTS: 'email',
      CONTACT_UNCHANGED: 'email',
      RESEND_TOO_SOON: 'email',
    },
  );

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
              <button type="button" className="link-button" onClick={close}>
                {t('settings.contact.cancel')}
              </button>
            </>
          }
        >
          <EmailField
            label={t('settings.contact.newEmail')}
            required
            {...form.register('email')}
            error={form.errorOf('email')}
          />
          <PasswordField
            label={t('settings.contact.password')}
            autoComplete="current-password"
            required
            hint={t('settings.contact.passwordHint')}
            {...form.register('password')}
            error={form.errorOf('password')}
          />
        </StepForm>
      )}
    </>
  );
}

function PhoneChange({ user }: { user: CurrentUser }) {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const formId = useId();
  const buttonId = useId();
  const [open, setOpen] = useState(false);
  // The number a code went to: the form then asks for the code.
  const [pending, setPending] = useState<{ prefix: string; phone: string } | null>(null);
  const numberForm = useSettingsContractForm(phoneChangeResolver(user.id));
  const codeForm = useSettingsContractForm(phoneCodeResolver(pending));
  const attachForm = useFollowFocus(pending, buttonId);

  const close = () => {
    setOpen(false);
    setPending(null);
    numberForm.clear();
    codeForm.clear();
  };

  const onNumber = numberForm.submit(
    async (body) => {
      await api.users.changePhonenumber(user.id, body.phoneNumberPrefix, body.phoneNumber);
      // The server's spelling of the number (no trunk zero), which the code is checked with.
      const sent = ChangePhoneNumberRequest.parse(body);
      setPending({ prefix: sent.phoneNumberPrefix, phone: sent.phoneNumber });
    },
    // The code step's own status line says where the code went.
    null,
    {
      PHONE_EXISTS: 'phoneNumber',
      CONTACT_UNCHANGED: 'phoneNumber',
      RESEND_TOO_SOON: 'phoneNumber',
    },
  );

  const onCode = codeForm.submit(
    async ({ verifyCode, prefix, phone }) => {
      await api.users.verifyUserByPhone(verifyCode, prefix, phone);
      const session = await api.users.session();
      if (session !== 'NoSession')
        queryClient.setQueryData(userQueries.account(api, session.id).queryKey, session);
      close();
    },
    t('settings.contact.phoneChanged'),
    { INVALID_VERIFY_CODE: 'verifyCode', VERIFY_CODE_EXPIRED: 'verifyCode' },
  );

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
          form={numberForm}
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
              dir="ltr"
              autoComplete="tel-country-code"
              defaultValue={user.phoneNumberPrefix}
              required
              {...numberForm.register('phoneNumberPrefix')}
              error={numberForm.errorOf('phoneNumberPrefix')}
            />
            <Field
              label={t('settings.contact.newPhone')}
              type="tel"
              dir="ltr"
              autoComplete="tel-national"
              required
              {...numberForm.register('phoneNumber')}
              error={numberForm.errorOf('phoneNumber')}
            />
          </div>
        </StepForm>
      )}
      {open && pending && (
        <StepForm
          id={formId}
          attach={attachForm}
          form={codeForm}
          onSubmit={onCode}
          submitLabel={t('settings.contact.confirm')}
          more={
            <>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setPending(null);
                  codeForm.clear();
                }}
              >
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
            inputMode="numeric"
            autoComplete="one-time-code"
            // Six digits, spaces allowed (a code pasted from the text message as "123 456").
            maxLength={12}
            dir="ltr"
            required
            {...codeForm.register('verifyCode')}
            error={codeForm.errorOf('verifyCode')}
          />
        </StepForm>
      )}
    </>
  );
}
