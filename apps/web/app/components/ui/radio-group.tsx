import { useId, type ReactNode, type Ref } from 'react';

/**
 * One choice among a few (who may read it, where a post goes, why something is reported), as
 * radio buttons in a fieldset: the legend names the question, arrow keys move between the options
 * (the browser's own), and a hint below is read with the group. An option may have a line of its
 * own that says more (read with that option, and outside its label, so a link in it is no part of
 * the option's name). `inline` lays short options in a row. A form's `error` is shown under the
 * options and read with each of them (`aria-invalid`); `ref` reaches the first option, where a
 * form puts the focus when the choice is missing.
 */
export function RadioGroup<T extends string>(props: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string; description?: ReactNode }>;
  /** The chosen option; '' when none is chosen yet. */
  value: T | '';
  onChange: (value: T) => void;
  hint?: ReactNode;
  inline?: boolean;
  error?: string | undefined;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const { legend, name, options, value, onChange, hint, inline = false, error, required } = props;
  const hintId = useId();
  const errorId = `${hintId}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`radio-group${inline ? ' radio-group-inline' : ''}${error ? ' has-error' : ''}`}
      aria-describedby={describedBy || undefined}
    >
      <legend>{legend}</legend>
      {options.map((option, index) => {
        const descriptionId = option.description ? `${hintId}-${option.value}` : undefined;
        const radio = (
          <label key={option.value} className="radio">
            <input
              ref={index === 0 ? props.ref : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={descriptionId}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        );
        if (!option.description) return radio;
        return (
          <div key={option.value} className="radio-option">
            {radio}
            <p className="radio-description" id={descriptionId}>
              {option.description}
            </p>
          </div>
        );
      })}
      {error && (
        <p className="error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
