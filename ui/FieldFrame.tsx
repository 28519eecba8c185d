import type { ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldFrameProps {
  /** Id of the control the label points at. */
  controlId: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  hintId: string;
  errorId: string;
  className?: string;
  children: ReactNode;
}

/** Label, required marker, hint and error text around one form control (Field, Select). */
export function FieldFrame({
  controlId,
  label,
  required,
  hint,
  error,
  hintId,
  errorId,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {required && (
          // The input's own `required` tells assistive technology; the star is for the eye.
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby for a control: the hint and the error, when there are any. */
export function describedBy(
  hint: ReactNode,
  error: ReactNode,
  hintId: string,
  errorId: string,
  own?: string,
): string | undefined {
  return [own, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
}
