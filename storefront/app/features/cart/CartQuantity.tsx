import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../ui/Icon';
import styles from './CartQuantity.module.css';

interface CartQuantityProps {
  value: number;
  /** Upper limit when the shop says how many are left. */
  max?: number | null;
  busy: boolean;
  productName: string;
  onChange: (quantity: number) => void;
}

/** A cart line's quantity; every step is one server update, so the control waits while it runs. */
export function CartQuantity({ value, max, busy, productName, onChange }: CartQuantityProps) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const limit = max && max > 0 ? max : 10_000;

  const commit = () => {
    const parsed = Number.parseInt(draft, 10);
    if (!Number.isFinite(parsed) || parsed < 1) {
      setDraft(String(value));
      return;
    }
    const next = Math.min(parsed, limit);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={styles.quantity} aria-busy={busy || undefined}>
      <label htmlFor={id} className="visually-hidden">
        {intl.formatMessage({ id: 'cart.item.quantityLabel', defaultMessage: 'Quantity of {name}' }, { name: productName })}
      </label>
      <button
        type="button"
        className={styles.step}
        disabled={busy || value <= 1}
        onClick={() => onChange(value - 1)}
        aria-label={intl.formatMessage({ id: 'cart.item.decrease', defaultMessage: 'Decrease quantity of {name}' }, { name: productName })}
      >
        <Icon icon={Minus} size={18} />
      </button>
      <input
        id={id}
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={limit}
        step={1}
        value={draft}
        readOnly={busy}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className={styles.step}
        disabled={busy || value >= limit}
        onClick={() => onChange(value + 1)}
        aria-label={intl.formatMessage({ id: 'cart.item.increase', defaultMessage: 'Increase quantity of {name}' }, { name: productName })}
      >
        <Icon icon={Plus} size={18} />
      </button>
    </div>
  );
}
