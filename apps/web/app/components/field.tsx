import { Eye, EyeOff } from 'lucide-react';
import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { Icon } from './icon';

type Props = InputHTMLAttributes<HTMLInputElement> & {
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

/** A labelled input whose error and hint a screen reader announces with it. */
export function Field({ label, error, hint, id, end, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy =
    [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {end ? (
        <div className="field-control">
          <input
            id={inputId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...input}
          />
          {end}
        </div>
      ) : (
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
      {hint && (
        <p className="hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A labelled multi-line field, like Field: error and hint announced with it. Member text, so
 * `dir="auto"` unless told otherwise: Hebrew and English each keep their own direction.
 */
export function TextAreaField({ label, error, hint, id, ...textarea }: TextAreaProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const describedBy =
    [error ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {hint && (
        <p className="hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error" id={`${fieldId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A password field with a button that shows what was typed (and hides it again): typing a long
 * passphrase blind on a phone is where sign-ins fail.
 */
export function PasswordField(
  props: Omit<Props, 'type'> & { showLabel: string; hideLabel: string },
) {
  const { showLabel, hideLabel, ...field } = props;
  const [shown, setShown] = useState(false);
  const generated = useId();
  const inputId = field.id ?? generated;
  return (
    <Field
      {...field}
      id={inputId}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="icon-button password-toggle"
          aria-controls={inputId}
          aria-pressed={shown}
          aria-label={shown ? hideLabel : showLabel}
          onClick={() => setShown(!shown)}
        >
          <Icon icon={shown ? EyeOff : Eye} />
        </button>
      }
    />
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string; disabled?: boolean }>;
};

/** A labelled select whose error a screen reader announces with it, like Field. */
export function SelectField({ label, error, options, id, ...select }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="error" id={`${selectId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
