import { ShoppingBag } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Drawer } from '@vela/ui/Drawer';
import { Icon } from '@vela/ui/Icon';
import { Spinner } from '@vela/ui/Spinner';
import { closeMiniCart, openMiniCart, useMiniCartOpen } from './miniCartState';
import { useCart } from './useCart';
import styles from './MiniCart.module.css';

const loadMiniCartBody = () => import('./MiniCartBody');
const MiniCartBody = lazy(loadMiniCartBody);

/**
 * The header's cart button and the drawer it opens. Without JavaScript the button is a plain
 * link to the cart page.
 */
export function MiniCart({ className }: { className?: string }) {
  const intl = useIntl();
  const open = useMiniCartOpen();
  const { cart } = useCart();
  const location = useLocation();
  const count = cart?.total_quantity ?? 0;

  // Following a link out of the drawer (product, cart, checkout) closes it.
  useEffect(() => closeMiniCart(), [location.pathname]);

  return (
    <>
      <Link
        to="/cart"
        className={[styles.trigger, className].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        aria-label={intl.formatMessage(
          {
            id: 'cart.mini.trigger',
            defaultMessage: '{count, plural, =0 {Cart} one {Cart, # item} other {Cart, # items}}',
          },
          { count },
        )}
        // Fetch the drawer's code as the shopper reaches for the button, not after the click.
        onPointerEnter={() => void loadMiniCartBody()}
        onFocus={() => void loadMiniCartBody()}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          openMiniCart();
        }}
      >
        <Icon icon={ShoppingBag} />
        {/* Always in the box (hidden when 0), positioned over the icon: arriving never moves anything. */}
        <span
          className={styles.badge}
          data-empty={count === 0 || undefined}
          aria-hidden="true"
          data-testid="cart-badge"
        >
          {count > 99 ? '99+' : count}
        </span>
      </Link>
      <Drawer
        open={open}
        onClose={closeMiniCart}
        title={<FormattedMessage id="cart.mini.title" defaultMessage="Your cart" />}
      >
        <Suspense
          fallback={
            <Spinner label={intl.formatMessage({ id: 'cart.loading', defaultMessage: 'Loading your cart…' })} />
          }
        >
          <MiniCartBody />
        </Suspense>
      </Drawer>
    </>
  );
}
