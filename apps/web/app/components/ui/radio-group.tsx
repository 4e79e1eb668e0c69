import { useId, type ReactNode } from 'react';

/**
 * One choice among a few (who may read it, where a post goes), as radio buttons in a fieldset: the
 * legend names the question, arrow keys move between the options (the browser's own), and a hint
 * below is read with the group. An option may have a line of its own that says more (read with
 * that option, and outside its label, so a link in it is no part of the option's name). `inline`
 * lays short options in a row.
 */
export function RadioGroup<T extends string>(props: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string; description?: ReactNode }>;
  value: T;
  onChange: (value: T) => void;
  hint?: ReactNode;
  inline?: boolean;
}) {
  const { legend, name, options, value, onChange, hint, inline = false } = props;
  const hintId = useId();
  return (
    <fieldset
      className={`radio-group${inline ? ' radio-group-inline' : ''}`}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => {
        const descriptionId = option.description ? `${hintId}-${option.value}` : undefined;
        const radio = (
          <label key={option.value} className="radio">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
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
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
