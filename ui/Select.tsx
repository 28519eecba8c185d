import { ChevronDown } from 'lucide-react';
import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import styles from './Field.module.css';
import { FieldFrame, describedBy } from './FieldFrame';
import { Icon } from './Icon';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice such as "Please select"; selecting it leaves the value empty. */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

/** A labelled native select: the platform picker is the most usable one on phones. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': ownDescribedBy,
  ref,
  ...select
}: SelectProps) {
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
      <span className={styles.selectWrap}>
        <select
          ref={ref}
          id={controlId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint, error, hintId, errorId, ownDescribedBy)}
          className={`${styles.control} ${styles.select}`}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <Icon icon={ChevronDown} size={20} className={styles.chevron} />
      </span>
    </FieldFrame>
  );
}
