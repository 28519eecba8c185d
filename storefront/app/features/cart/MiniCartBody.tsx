import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ShoppingBag } from 'lucide-react';
import { Icon } from '@vela/ui/Icon';
import { Price } from '@vela/ui/Price';
import { QuantityStepper } from '@vela/ui/QuantityStepper';
import { Spinner } from '@vela/ui/Spinner';
import { removeItem, setItemQuantity } from './cartChanges';
import { cartLines, type CartLine } from './cartLines';
import { CartOptions } from './CartOptions';
import { CartThumbnail } from './CartThumbnail';
import { EmptyCartCategories } from './EmptyCartCategories';
import { FreeDeliveryProgress } from './FreeDeliveryProgress';
import { closeMiniCart } from './miniCartState';
import { useCart } from './useCart';
import { useCartMutation } from './useCartMutation';
import { useFormatCartMessage } from './useCartMessage';
import styles from './MiniCart.module.css';

// Loaded when the drawer first opens: its mutations and their documents stay out of every page's first load.
export default function MiniCartBody() {
  const intl = useIntl();
  const { cart, loading, error } = useCart();
  const lines = cartLines(cart);

  if (loading)
    return <Spinner label={intl.formatMessage({ id: 'cart.loading', defaultMessage: 'Loading your cart…' })} />;
  if (error && !cart) {
    return (
      <p role="alert" className={styles.error}>
        <FormattedMessage
          id="cart.loadError"
          defaultMessage="Your cart could not be loaded. Check your connection and try again."
        />
      </p>
    );
  }
  if (!cart || lines.length === 0) {
    return (
      <div className={styles.empty}>
        <Icon icon={ShoppingBag} size={40} className={styles.emptyIcon} />
        <p>
          <FormattedMessage id="cart.empty.text" defaultMessage="Your cart is empty." />
        </p>
        <Link to="/" className={styles.secondaryAction} onClick={closeMiniCart}>
          <FormattedMessage id="cart.empty.shop" defaultMessage="Continue shopping" />
        </Link>
        <EmptyCartCategories onNavigate={closeMiniCart} />
      </div>
    );
  }
  const subtotal = cart.prices?.subtotal_excluding_tax;
  return (
    <div className={styles.body}>
      <p className="visually-hidden" role="status">
        <FormattedMessage
          id="cart.mini.count"
          defaultMessage="{count, plural, one {# item in your cart} other {# items in your cart}}"
          values={{ count: cart.total_quantity }}
        />
      </p>
      <ul className={styles.items}>
        {lines.map((line) => (
          <MiniCartItem key={line.uid} line={line} />
        ))}
      </ul>
      <div className={styles.footer}>
        <FreeDeliveryProgress subtotal={cart.prices?.subtotal_with_discount_excluding_tax} compact />
        {subtotal?.value != null && subtotal.currency && (
          <p className={styles.subtotal}>
            <span>
              <FormattedMessage id="cart.summary.subtotal" defaultMessage="Subtotal" />
            </span>
            <Price value={subtotal.value} currency={subtotal.currency} />
          </p>
        )}
        <Link to="/checkout" className={styles.primaryAction} onClick={closeMiniCart}>
          <FormattedMessage id="cart.mini.checkout" defaultMessage="Checkout" />
        </Link>
        <Link to="/cart" className={styles.secondaryAction} onClick={closeMiniCart}>
          <FormattedMessage id="cart.mini.viewCart" defaultMessage="View cart" />
        </Link>
      </div>
    </div>
  );
}

/** The cart page's limit: a line holds at most this many, or what is left in stock. */
const CART_QUANTITY_LIMIT = 10_000;

function MiniCartItem({ line }: { line: CartLine }) {
  const intl = useIntl();
  const quantity = useCartMutation();
  const removal = useCartMutation();
  const busy = quantity.busy || removal.busy;
  const message = quantity.message ?? removal.message;
  const format = useFormatCartMessage();
  return (
    <li className={styles.item} aria-busy={busy || undefined}>
      <CartThumbnail image={line.image} width={64} />
      <div className={styles.itemText}>
        <Link to={line.href} className={styles.name} onClick={closeMiniCart}>
          {line.name}
        </Link>
        <CartOptions options={line.options} />
        <div className={styles.quantity}>
          <QuantityStepper
            value={line.quantity}
            max={line.onlyLeft && line.onlyLeft > 0 ? line.onlyLeft : CART_QUANTITY_LIMIT}
            busy={quantity.busy}
            onChange={(next) => void quantity.run(setItemQuantity(line.uid, next))}
            label={intl.formatMessage(
              { id: 'cart.item.quantityLabel', defaultMessage: 'Quantity of {name}' },
              { name: line.name },
            )}
            hideLabel
            decreaseLabel={intl.formatMessage(
              { id: 'cart.item.decrease', defaultMessage: 'Decrease quantity of {name}' },
              { name: line.name },
            )}
            increaseLabel={intl.formatMessage(
              { id: 'cart.item.increase', defaultMessage: 'Increase quantity of {name}' },
              { name: line.name },
            )}
          />
        </div>
        {message && (
          <p role="alert" className={styles.error}>
            {format(message)}
          </p>
        )}
      </div>
      <div className={styles.itemEnd}>
        {line.rowTotal && (
          <Price className={styles.rowTotal} value={line.rowTotal.value} currency={line.rowTotal.currency} />
        )}
        <button
          type="button"
          className={styles.remove}
          disabled={busy}
          aria-busy={removal.busy || undefined}
          onClick={() => void removal.run(removeItem(line.uid))}
          aria-label={intl.formatMessage(
            { id: 'cart.item.removeLabel', defaultMessage: 'Remove {name} from cart' },
            { name: line.name },
          )}
        >
          {removal.busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          <FormattedMessage id="cart.item.remove" defaultMessage="Remove" />
        </button>
      </div>
    </li>
  );
}
