import { ShoppingBag } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { useAddToCart } from './useAddToCart';
import { useFormatCartMessage } from './useCartMessage';
import styles from './CardAddToCart.module.css';

interface CardAddToCartProps {
  sku: string;
  name: string;
}

/** A compact add-to-cart for product cards; only simple, in-stock products get one. */
export function CardAddToCart({ sku, name }: CardAddToCartProps) {
  const intl = useIntl();
  const { add, busy, message } = useAddToCart();
  const format = useFormatCartMessage();
  return (
    <div className={styles.wrap}>
      <Button
        variant="secondary"
        className={styles.button}
        busy={busy}
        onClick={() => void add([{ sku, quantity: 1 }])}
        aria-label={intl.formatMessage({ id: 'cart.add.cardLabel', defaultMessage: 'Add {name} to cart' }, { name })}
      >
        <Icon icon={ShoppingBag} size={18} />
        {intl.formatMessage({ id: 'cart.add.cardButton', defaultMessage: 'Add' })}
      </Button>
      <p className={styles.message} role="alert">
        {format(message)}
      </p>
    </div>
  );
}

export interface CardProductLike {
  __typename?: string;
  sku?: string | null;
  name?: string | null;
  stock_status?: string | null;
}

/** The card action for listings: a button for simple in-stock products, nothing for the rest (they need options). */
export function renderCardAddToCart(product: CardProductLike) {
  if (product.__typename !== 'SimpleProduct' || product.stock_status !== 'IN_STOCK' || !product.sku) return null;
  return <CardAddToCart sku={product.sku} name={product.name ?? ''} />;
}
