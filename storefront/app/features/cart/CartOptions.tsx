import type { CartLine } from './cartLines';
import styles from './CartOptions.module.css';

/** "Color: Navy", "Size: M" under a line's name. */
export function CartOptions({ options }: { options: CartLine['options'] }) {
  if (options.length === 0) return null;
  return (
    <dl className={styles.options}>
      {options.map((option) => (
        <div key={option.optionUid} className={styles.option}>
          <dt>{option.label}:</dt>
          <dd>{option.value}</dd>
        </div>
      ))}
    </dl>
  );
}
