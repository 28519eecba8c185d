import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import styles from '@vela/ui/Field.module.css';
import { FieldFrame, describedBy } from '@vela/ui/FieldFrame';

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  /** Shown under the text area and announced with it; marks it invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Class of the text area itself, beside the design system's (the HTML editor's monospace). */
  controlClassName?: string;
}

/** The design system's Field, for text that takes several lines (descriptions, comments, code lists). */
export function TextareaField({
  label,
  error,
  hint,
  id,
  required,
  controlClassName,
  'aria-describedby': ownDescribedBy,
  ...textarea
}: TextareaFieldProps) {
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
    >
      <textarea
        id={controlId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId, ownDescribedBy)}
        className={[styles.control, controlClassName].filter(Boolean).join(' ')}
        {...textarea}
      />
    </FieldFrame>
  );
}
