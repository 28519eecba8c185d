import { ShoppingBag } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { cartItemInput, type ProductAddRequest } from './cartItemInput';
import { useAddToCart } from './useAddToCart';
import { useFormatCartMessage } from './useCartMessage';
import styles from './AddToCartButton.module.css';

interface AddToCartButtonProps extends ProductAddRequest {
  /** Every option chosen and the choice in stock. */
  ready: boolean;
  /** A grouped product's members, each added as its own line instead of `sku`. */
  lines?: ReadonlyArray<{ sku: string; quantity: number }>;
}

/** The product page's add-to-cart control; its message sits right under it and is announced. */
export function AddToCartButton({
  sku,
  quantity,
  selectedOptions,
  enteredOptions,
  ready,
  lines,
}: AddToCartButtonProps) {
  const { add, busy, message } = useAddToCart();
  const format = useFormatCartMessage();
  const text = format(message);
  return (
    <div className={styles.wrap}>
      <Button
        className={styles.button}
        busy={busy}
        disabled={!ready || !sku}
        onClick={() =>
          void add(
            lines
              ? lines.map((line) => cartItemInput({ ...line, selectedOptions: [] }))
              : [cartItemInput({ sku, quantity, selectedOptions, enteredOptions })],
          )
        }
      >
        <Icon icon={ShoppingBag} size={20} />
        <FormattedMessage id="cart.add.button" defaultMessage="Add to cart" />
      </Button>
      <p className={styles.message} role="alert">
        {text}
      </p>
    </div>
  );
}
