import { useId, type ReactNode } from 'react';

/**
 * One choice among a few (privacy, where a post goes), as radio buttons in a fieldset: the legend
 * names the question, arrow keys move between the options (the browser's own), and a hint below
 * is read with the group. `inline` lays short options in a row.
 */
export function RadioGroup<T extends string>(props: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: T; label: string }>;
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
      {options.map((option) => (
        <label key={option.value} className="radio">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
