import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './Field.module.css';
import { FieldFrame, describedBy } from './FieldFrame';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Class of the wrapper (layout); the input keeps the design-system look. */
  className?: string;
}

/**
 * A labelled text input. `required` shows the marker and sets the attribute; the message for
 * an empty required field is `fieldMessages.required`.
 */
export function Field({
  label,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': ownDescribedBy,
  ref,
  ...input
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return (
    <FieldFrame
      controlId={controlId}
      label={label}
      required={required}
      hint={hint}
      error={error}
      hintId={hintId}
      errorId={errorId}
      className={className}
    >
      <input
        ref={ref}
        id={controlId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId, ownDescribedBy)}
        className={styles.control}
        {...input}
      />
    </FieldFrame>
  );
}
