import { type ReactNode, useId } from 'react';
import styles from './ChoiceList.module.css';

export interface Choice {
  value: string;
  label: ReactNode;
  /** Price or other detail at the end of the row. */
  aside?: ReactNode;
  disabled?: boolean;
  /** Why the choice is disabled; read with it. */
  note?: string | null;
}

interface ChoiceListProps {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** A radio group as a fieldset: arrow keys move between choices, disabled ones explain themselves. */
export function ChoiceList({ legend, name, choices, value, onChange, error }: ChoiceListProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset
      className={styles.fieldset}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {choices.map((choice) => {
        const id = `${baseId}-${choice.value}`;
        return (
          <label
            key={choice.value}
            htmlFor={id}
            className={`${styles.choice} ${choice.disabled ? styles.disabled : ''}`}
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              aria-describedby={choice.note ? `${id}-note` : undefined}
              onChange={() => onChange(choice.value)}
              className={styles.radio}
            />
            <span className={styles.text}>
              <span>{choice.label}</span>
              {choice.note && (
                <span id={`${id}-note`} className={styles.note}>
                  {choice.note}
                </span>
              )}
            </span>
            {choice.aside && <span className={styles.aside}>{choice.aside}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
