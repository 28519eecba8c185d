import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { AddressSummary } from './AddressSummary';
import { CheckoutItems } from './CheckoutItems';
import { CheckoutCartQuery } from './checkoutQueries';
import { checkWhetherPlaced, isCartClosedMessage } from './placeOrderRecovery';
import { PlaceCheckoutOrderMutation } from './checkoutMutations';
import type { PlacedOrder } from './placedOrder';
import { PriceSummary } from '../../shared/PriceSummary';
import { priceSummaryLines } from '../../shared/priceSummary';
import { StepError } from './StepSection';
import type { StepProps } from './stepProps';
import { useStepAction } from './useStepAction';
import { cartAddressLines } from './cartAddressLines';
import styles from './CheckoutPage.module.css';
import { shippingMethodLabel } from '../../shared/shippingMethodLabel';

export function ReviewStep({
  cartId,
  cart,
  onPlaced,
  onPlacedWithoutAnswer,
}: Omit<StepProps, 'onDone' | 'draft' | 'updateDraft'> & {
  onPlaced: (order: PlacedOrder) => Promise<void>;
  /** The order exists but its answer was lost: the cart is closed. */
  onPlacedWithoutAnswer: () => Promise<void>;
}) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useStepAction();
  const [refused, setRefused] = useState<string | null>(null);
  const shipping = cart.shipping_addresses[0];
  const method = shipping?.selected_shipping_method;

  async function place() {
    setRefused(null);
    const placed: { order: PlacedOrder | null; withoutAnswer: boolean } = { order: null, withoutAnswer: false };
    const readCart = () =>
      client.query({ query: CheckoutCartQuery, variables: { cartId }, fetchPolicy: 'network-only' });
    const done = await action.run(async () => {
      let result;
      try {
        result = (await client.mutate({ mutation: PlaceCheckoutOrderMutation, variables: { cartId } })).data
          ?.placeOrder;
      } catch (error) {
        // No answer is not a no: the order may exist. Ask before suggesting another try.
        if ((await checkWhetherPlaced(readCart)) === 'placed') {
          placed.withoutAnswer = true;
          return;
        }
        throw error;
      }
      const problems = (result?.errors ?? []).flatMap((e) => (e ? [e.message] : []));
      // A second Place order after a lost answer: the first one went through.
      if (problems.some(isCartClosedMessage)) {
        placed.withoutAnswer = true;
        return;
      }
      if (problems.length > 0 || !result?.orderV2) {
        setRefused(
          problems.join(' ') ||
            intl.formatMessage({ id: 'checkout.review.refused', defaultMessage: 'Your order could not be placed.' }),
        );
        // Fresh lines show which item ran out; a failure here changes nothing for the shopper.
        await readCart().catch(() => undefined);
        return;
      }
      placed.order = result.orderV2;
    });
    if (done && placed.withoutAnswer) await onPlacedWithoutAnswer();
    else if (done && placed.order) await onPlaced(placed.order);
  }

  return (
    <div>
      <h3 className={styles.subheading}>
        <FormattedMessage id="checkout.review.items" defaultMessage="Items" />
      </h3>
      <CheckoutItems cart={cart} />
      <div className={styles.reviewGrid}>
        {shipping && (
          <div>
            <h3 className={styles.subheading}>
              <FormattedMessage id="checkout.review.shipTo" defaultMessage="Ship to" />
            </h3>
            <AddressSummary address={cartAddressLines(shipping)} />
          </div>
        )}
        {cart.billing_address && (
          <div>
            <h3 className={styles.subheading}>
              <FormattedMessage id="checkout.review.billTo" defaultMessage="Bill to" />
            </h3>
            <AddressSummary address={cartAddressLines(cart.billing_address)} />
          </div>
        )}
        <div>
          <h3 className={styles.subheading}>
            {cart.is_virtual ? (
              <FormattedMessage id="checkout.review.payment" defaultMessage="Payment" />
            ) : (
              <FormattedMessage id="checkout.review.methods" defaultMessage="Shipping and payment" />
            )}
          </h3>
          {method && <p className={styles.plain}>{shippingMethodLabel(method.carrier_title, method.method_title)}</p>}
          {cart.selected_payment_method && <p className={styles.plain}>{cart.selected_payment_method.title}</p>}
        </div>
      </div>
      <h3 className={styles.subheading}>
        <FormattedMessage id="checkout.review.totals" defaultMessage="Totals" />
      </h3>
      <PriceSummary lines={priceSummaryLines(cart, null, { shippingPending: true })} />
      <StepError message={refused ?? action.error}>
        {refused && (
          <Link to="/cart">
            <FormattedMessage id="checkout.review.backToCart" defaultMessage="Review your cart" />
          </Link>
        )}
      </StepError>
      <div className={styles.actions}>
        <Button type="button" busy={action.busy} onClick={place} className={styles.placeOrder}>
          <FormattedMessage id="checkout.review.placeOrder" defaultMessage="Place order" />
        </Button>
      </div>
    </div>
  );
}
