import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/Icon';
import { clampQuantity } from './variantSelection';
import styles from './QuantityStepper.module.css';

interface QuantityStepperProps {
  value: number;
  max: number;
  onChange: (value: number) => void;
}

export function QuantityStepper({ value, max, onChange }: QuantityStepperProps) {
  const intl = useIntl();
  const id = useId();
  // The field may be briefly empty or out of range while typing; it settles on blur.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (raw: string) => {
    const next = clampQuantity(Number.parseInt(raw, 10), max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.stepper}>
      <label htmlFor={id} className={styles.label}>
        {intl.formatMessage({ id: 'product.quantity', defaultMessage: 'Quantity' })}
      </label>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.step}
          onClick={() => onChange(clampQuantity(value - 1, max))}
          disabled={value <= 1}
          aria-label={intl.formatMessage({ id: 'product.quantityDecrease', defaultMessage: 'Decrease quantity' })}
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
          onChange={(event) => {
            setDraft(event.target.value);
            const parsed = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(parsed) && parsed >= 1 && parsed <= max) onChange(parsed);
          }}
          onBlur={(event) => commit(event.target.value)}
        />
        <button
          type="button"
          className={styles.step}
          onClick={() => onChange(clampQuantity(value + 1, max))}
          disabled={value >= max}
          aria-label={intl.formatMessage({ id: 'product.quantityIncrease', defaultMessage: 'Increase quantity' })}
          aria-controls={id}
        >
          <Icon icon={Plus} size={20} />
        </button>
      </div>
    </div>
  );
}
