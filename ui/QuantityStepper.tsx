import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Icon } from './Icon';
import styles from './QuantityStepper.module.css';

interface QuantityStepperProps {
  value: number;
  /** Highest quantity allowed; the lowest is always 1. */
  max: number;
  onChange: (quantity: number) => void;
  label: string;
  /** Keep the label for screen readers only, where the surroundings already say what this is. */
  hideLabel?: boolean;
  decreaseLabel: string;
  increaseLabel: string;
  /** While a change is being saved the control shows progress and takes no new input. */
  busy?: boolean;
  /**
   * Report every valid quantity as it is typed. Off where each change is a server update,
   * so only a finished entry (blur or Enter) is sent.
   */
  live?: boolean;
}

/**
 * The quantity a typed entry settles on: a number within 1…max, or the current value when
 * the entry is no positive number (so a stray keystroke never changes an order).
 */
export function settleQuantity(raw: string, current: number, max: number): number {
  const parsed = Number.parseInt(raw, 10);
  if (!Number.isFinite(parsed) || parsed < 1) return current;
  return Math.min(parsed, max);
}

function clamp(quantity: number, max: number): number {
  return Math.max(1, Math.min(quantity, max));
}

export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  hideLabel = false,
  decreaseLabel,
  increaseLabel,
  busy = false,
  live = false,
}: QuantityStepperProps) {
  const id = useId();
  // The field may be briefly empty or out of range while typing; it settles on blur.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (raw: string) => {
    const next = settleQuantity(raw, value, max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.stepper}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      <div className={styles.controls} aria-busy={busy || undefined}>
        <button
          type="button"
          className={styles.step}
          onClick={() => onChange(clamp(value - 1, max))}
          disabled={busy || value <= 1}
          aria-label={decreaseLabel}
          aria-controls={id}
        >
          <Icon icon={Minus} size={20} />
        </button>
        <input
          id={id}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft}
          readOnly={busy}
          onChange={(event) => {
            setDraft(event.target.value);
            if (!live) return;
            const parsed = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(parsed) && parsed >= 1 && parsed <= max) onChange(parsed);
          }}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(event.currentTarget.value);
            }
          }}
        />
        <button
          type="button"
          className={styles.step}
          onClick={() => onChange(clamp(value + 1, max))}
          disabled={busy || value >= max}
          aria-label={increaseLabel}
          aria-controls={id}
        >
          <Icon icon={Plus} size={20} />
        </button>
      </div>
    </div>
  );
}
