import { CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import type { StepState } from './checkoutSteps';
import { checkoutMessages } from './checkoutMessages';
import styles from './StepSection.module.css';

interface StepSectionProps {
  number: number;
  title: string;
  state: StepState;
  /** Move focus to the heading: the step just opened after the previous one was saved or Edit was used. */
  focusHeading: boolean;
  onEdit: () => void;
  /** What a done step shows instead of its form. */
  summary: ReactNode;
  children: ReactNode;
}

export function StepSection({ number, title, state, focusHeading, onEdit, summary, children }: StepSectionProps) {
  const intl = useIntl();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusHeading && state === 'open') headingRef.current?.focus();
  }, [focusHeading, state]);

  return (
    <section aria-labelledby={headingId} className={`${styles.step} ${styles[state]}`}>
      <div className={styles.header}>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className={styles.heading}
          aria-current={state === 'open' ? 'step' : undefined}
        >
          <span className={styles.number} aria-hidden="true">
            {state === 'done' ? <Icon icon={CircleCheck} size={20} /> : number}
          </span>
          {title}
        </h2>
        {state === 'done' && (
          <Button
            variant="ghost"
            onClick={onEdit}
            aria-label={intl.formatMessage(checkoutMessages.editStep, { step: title })}
          >
            {intl.formatMessage(checkoutMessages.edit)}
          </Button>
        )}
      </div>
      {state === 'done' && <div className={styles.summary}>{summary}</div>}
      {state === 'open' && <div className={styles.body}>{children}</div>}
    </section>
  );
}

/** A step's own problem (not a field's): announced as soon as it appears. */
export function StepError({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" className={styles.error}>
      <p>{message}</p>
      {children}
    </div>
  );
}
