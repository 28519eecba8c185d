import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /**
   * Shows a spinner, keeps the label for screen readers and blocks repeated clicks. The button
   * stays focusable (aria-disabled, not disabled): a disabled button drops the keyboard focus to
   * the page, and a drawer the action opens would then have nowhere to give focus back to.
   */
  busy?: boolean;
}

/** The classes of a Button, for a link that must look like one (a control that works before hydration). */
export function buttonClassName(variant: ButtonProps['variant'] = 'primary', className?: string): string {
  return [styles.button, styles[variant], className].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  busy = false,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) {
          // A submit button must not submit its form again either.
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
