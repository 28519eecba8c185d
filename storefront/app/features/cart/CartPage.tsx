import { ShoppingBag } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePreparedQuery } from '../../data/preparedQuery';
import { CountriesQuery } from '../../shared/countries';
import { Icon } from '@vela/ui/Icon';
import { Price } from '@vela/ui/Price';
import { Skeleton } from '@vela/ui/Skeleton';
import { Spinner } from '@vela/ui/Spinner';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { CartCrossSells } from './CartCrossSells';
import { CartItemRow } from './CartItemRow';
import { cartLines } from './cartLines';
import { CouponForm } from './CouponForm';
import { PriceSummary } from '../../shared/PriceSummary';
import { priceSummaryLines, type ShippingEstimateChoice } from '../../shared/priceSummary';
import { ShippingEstimate } from './ShippingEstimate';
import { CartDetailsQuery } from './cartQueries';
import { useCart } from './useCart';
import { useHydrated } from '../../shared/useHydrated';
import styles from './CartPage.module.css';
import { EmptyCartCategories } from './EmptyCartCategories';
import { FreeDeliveryProgress } from './FreeDeliveryProgress';

/**
 * The cart page. The server renders the cart its cookie names (`serverCartId`); without one it
 * renders a placeholder, and the browser loads the cart.
 */
export function CartPage({
  serverCartId = null,
  renderCrossSells,
  emptyCartExtra,
}: {
  serverCartId?: string | null;
  /** Shown under an empty cart's categories (recently viewed products), composed by the route. */
  emptyCartExtra?: ReactNode;
  /** "Complete the look": the catalog's product cards of the cart's cross-sells (composed by the route). */
  renderCrossSells?: (products: CatalogProductCardFieldsFragment[]) => ReactNode;
}) {
  const intl = useIntl();
  const hydrated = useHydrated();
  // Only a page the server rendered with its cart hydrates these; others render them later.
  usePreparedQuery(CartDetailsQuery, { cartId: serverCartId }, !serverCartId);
  usePreparedQuery(CountriesQuery, undefined, !serverCartId);
  const { cartId, cart, loading, error, refetch } = useCart(serverCartId);
  const headingId = useId();

  const title = (
    <h1 id={headingId} className={styles.title}>
      <FormattedMessage id="cart.page.title" defaultMessage="Shopping cart" />
    </h1>
  );

  if (loading || (!hydrated && !cart)) {
    return (
      <div className={`container ${styles.page}`} aria-busy="true">
        {title}
        <Spinner label={intl.formatMessage({ id: 'cart.loading', defaultMessage: 'Loading your cart…' })} />
        <CartSkeleton />
      </div>
    );
  }
  if (error && !cart) {
    return (
      <div className={`container ${styles.page}`}>
        {title}
        <p role="alert" className={styles.error}>
          <FormattedMessage
            id="cart.loadError"
            defaultMessage="Your cart could not be loaded. Check your connection and try again."
          />
        </p>
        <button type="button" className={styles.retry} onClick={() => void refetch()}>
          <FormattedMessage id="cart.page.retry" defaultMessage="Try again" />
        </button>
      </div>
    );
  }
  const lines = cartLines(cart);
  if (!cartId || !cart || lines.length === 0) {
    return (
      <div className={`container ${styles.page}`}>
        {title}
        <div className={styles.empty}>
          <Icon icon={ShoppingBag} size={48} className={styles.emptyIcon} />
          <p>
            <FormattedMessage id="cart.empty.text" defaultMessage="Your cart is empty." />
          </p>
          <Link to="/" className={styles.primaryAction}>
            <FormattedMessage id="cart.empty.shop" defaultMessage="Continue shopping" />
          </Link>
          <EmptyCartCategories />
        </div>
        {emptyCartExtra}
      </div>
    );
  }
  return (
    <>
      <FilledCart cart={cart} title={title} />
      {renderCrossSells && (
        <div className="container">
          <CartCrossSells cartId={cartId} serverRendered={serverCartId === cartId} render={renderCrossSells} />
        </div>
      )}
    </>
  );
}

function FilledCart({
  cart,
  title,
}: {
  cart: NonNullable<ReturnType<typeof useCart>['cart']>;
  title: React.ReactNode;
}) {
  const itemsHeadingId = useId();
  const summaryHeadingId = useId();
  const [estimate, setEstimate] = useState<ShippingEstimateChoice | null>(null);
  const lines = cartLines(cart);
  // Any change of items or quantities makes an earlier shipping estimate stale.
  const cartVersion = lines.map((line) => `${line.uid}:${line.quantity}`).join(',');
  const summary = priceSummaryLines(cart, estimate);
  const coupon = cart.applied_coupons?.find(Boolean)?.code ?? null;
  const blocked = lines.some((line) => line.errors.length > 0 || line.outOfStock);
  const total = summary.find((line) => line.kind === 'total');

  return (
    <div className={`container ${styles.page}`}>
      {title}
      <p className={styles.count} role="status">
        <FormattedMessage
          id="cart.page.count"
          defaultMessage="{count, plural, one {# item} other {# items}}"
          values={{ count: cart.total_quantity }}
        />
      </p>
      <FreeDeliveryProgress subtotal={cart.prices?.subtotal_with_discount_excluding_tax} />
      <div className={styles.layout}>
        <section aria-labelledby={itemsHeadingId} className={styles.items}>
          <h2 id={itemsHeadingId} className="visually-hidden">
            <FormattedMessage id="cart.page.itemsHeading" defaultMessage="Items in your cart" />
          </h2>
          <ul className={styles.list}>
            {lines.map((line) => (
              <CartItemRow key={line.uid} line={line} />
            ))}
          </ul>
        </section>
        <aside className={styles.aside} aria-labelledby={summaryHeadingId}>
          <h2 id={summaryHeadingId} className={styles.asideHeading}>
            <FormattedMessage id="cart.summary.heading" defaultMessage="Summary" />
          </h2>
          <CouponForm applied={coupon} />
          <ShippingEstimate onChoose={setEstimate} cartVersion={cartVersion} />
          <PriceSummary lines={summary} />
          {blocked && (
            <p className={styles.blocked}>
              <FormattedMessage
                id="cart.page.blocked"
                defaultMessage="Some items can't be ordered as they are. Change or remove them to check out."
              />
            </p>
          )}
          <Link to="/checkout" className={`${styles.primaryAction} ${styles.asideCheckout}`}>
            <FormattedMessage id="cart.page.checkout" defaultMessage="Proceed to checkout" />
          </Link>
        </aside>
      </div>
      {/* Below the two-column width the summary sits under the items: the total and the way to
          checkout stay in reach at the bottom of the screen instead (the summary's own link is
          hidden there, so there is one "Proceed to checkout" at a time). */}
      <div className={styles.checkoutBar} data-testid="cart-checkout-bar">
        {total && total.kind === 'total' && (
          <p className={styles.barTotal}>
            <span>
              {total.shippingIncluded ? (
                <FormattedMessage id="summary.total" defaultMessage="Order total" />
              ) : (
                <FormattedMessage id="summary.totalNoShipping" defaultMessage="Estimated total (before shipping)" />
              )}
            </span>
            <Price value={total.amount.value} currency={total.amount.currency} />
          </p>
        )}
        <Link to="/checkout" className={styles.primaryAction}>
          <FormattedMessage id="cart.page.checkout" defaultMessage="Proceed to checkout" />
        </Link>
      </div>
    </div>
  );
}

function CartSkeleton() {
  return (
    <div className={styles.layout}>
      <div className={styles.items}>
        {[0, 1].map((row) => (
          <div key={row} className={styles.skeletonRow}>
            <Skeleton width={96} aspectRatio="4 / 5" />
            <div className={styles.skeletonText}>
              <Skeleton width="60%" shape="text" />
              <Skeleton width="40%" shape="text" />
              <Skeleton width={132} height={44} />
            </div>
          </div>
        ))}
      </div>
      <div className={styles.aside}>
        <Skeleton height={44} />
        <Skeleton height={160} />
        <Skeleton height={48} />
      </div>
    </div>
  );
}
