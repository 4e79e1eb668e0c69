import { Eye, EyeOff } from 'lucide-react';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useI18n } from '../lib/i18n';
import { Icon } from './icon';

// Each control takes a `ref` (a prop in React 19): react-hook-form's `register` hands one, to
// read the control and to focus it when it is in error.
type Props = InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A control at the input's end, inside its box (the show-password button). */
  end?: ReactNode;
};

/**
 * What went wrong with a form as a whole (the server refused it, the network failed), shown
 * above it and announced: a toast alone is gone before everyone has read it.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** What ties a control to its label, hint and error. */
type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * The label above one control, its hint and error below, and the attributes that tie them to it
 * (a screen reader announces the hint and the error with the control). `control` draws the
 * control itself with those attributes.
 */
function FieldFrame(props: {
  id: string | undefined;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  control: (tied: ControlProps) => ReactNode;
}) {
  const { label, error, hint, control } = props;
  const generated = useId();
  const id = props.id ?? generated;
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose error and hint a screen reader announces with it. */
export function Field({ label, error, hint, id, end, ...input }: Props) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(tied) =>
        end ? (
          <div className="field-control">
            <input {...tied} {...input} />
            {end}
          </div>
        ) : (
          <input {...tied} {...input} />
        )
      }
    />
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  ref?: Ref<HTMLTextAreaElement>;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A labelled multi-line field, like Field: error and hint announced with it. Member text, so
 * `dir="auto"` unless told otherwise: Hebrew and English each keep their own direction.
 */
export function TextAreaField({ label, error, hint, id, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(tied) => <textarea {...tied} dir="auto" {...textarea} />}
    />
  );
}

/** What the email and password fields take: a field's props but the type they set. */
type AccountFieldProps = Omit<Props, 'type' | 'end'>;

/**
 * An email address: `type="email"` (the phone's email keyboard), the browser's `email` autofill
 * unless told otherwise, left to right in either language. The label is the interface's "Email"
 * unless the form says more ("New email"). Label, hint and error are tied to it as Field's, and
 * react-hook-form's `register` spreads onto it as onto Field.
 */
export function EmailField({
  label,
  ...field
}: Omit<AccountFieldProps, 'label'> & { label?: string }) {
  const { t } = useI18n();
  return (
    <Field
      autoComplete="email"
      dir="ltr"
      {...field}
      type="email"
      label={label ?? t('auth.email')}
    />
  );
}

/**
 * A password, masked, with a button that shows what was typed (and hides it again): typing a
 * long passphrase blind on a phone is where sign-ins fail. `autoComplete` is required: a password
 * the member has (`current-password`) or one they choose (`new-password`, which password
 * managers offer to make and save). The button's words are the interface's; label, hint and error
 * are tied to the input as Field's, and `register` spreads onto it as onto Field.
 */
export function PasswordField(
  props: Omit<AccountFieldProps, 'autoComplete'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  const generated = useId();
  const inputId = props.id ?? generated;
  return (
    <Field
      {...props}
      id={inputId}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="icon-button password-toggle"
          aria-controls={inputId}
          aria-pressed={shown}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          onClick={() => setShown(!shown)}
        >
          <Icon icon={shown ? EyeOff : Eye} />
        </button>
      }
    />
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  ref?: Ref<HTMLSelectElement>;
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
};

/** A labelled select whose error a screen reader announces with it, like Field. */
export function SelectField({ label, error, options, id, ...select }: SelectProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      control={(tied) => (
        <select {...tied} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * A checkbox with its label beside it (a consent, a statement the form needs) and its error under
 * both, announced with it; react-hook-form's `register` spreads onto it as onto Field.
 */
export function CheckboxField({
  id,
  error,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  ref?: Ref<HTMLInputElement>;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`field field-checkbox${error ? ' has-error' : ''}`}>
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <label htmlFor={id}>{children}</label>
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
