import { CircleCheck, Clock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { Image } from '@vela/ui/Image';
import { Price } from '@vela/ui/Price';
import { AddressSummary } from './AddressSummary';
import { type PaymentConfirmation, usePaymentConfirmation } from './paymentConfirmation';
import type { PlacedOrder } from './placedOrder';
import { PriceSummary } from '../../shared/PriceSummary';
import { orderSummaryLines } from '../../shared/priceSummary';
import { countryName } from '../../shared/countryName';
import { orderItemPicture } from '../../shared/orderItemPicture';
import { OrderPaymentInstructions } from '../../shared/OrderPaymentInstructions';
import { orderShippingLabel } from '../../shared/shippingMethodLabel';
import summaryStyles from './CheckoutSummaries.module.css';
import styles from './OrderConfirmation.module.css';

type OrderAddress = NonNullable<PlacedOrder['shipping_address']>;

/** The address as the checkout showed it: the country by name (Germany, not DE). */
function orderAddressLines(address: OrderAddress, locale: string) {
  return { ...address, countryCode: address.country_code ?? null, country: countryName(address.country_code, locale) };
}

interface OrderConfirmationProps {
  order: PlacedOrder | null;
  /** What the route adds after the order (an account offer for guests); features never import each other. */
  after?: React.ReactNode;
  /** A customer's order is looked up through the account, a guest's by its token. */
  signedIn?: boolean;
}

export function OrderConfirmation({ order, after, signedIn = false }: OrderConfirmationProps) {
  const { locale } = useIntl();
  const payment = usePaymentConfirmation(order, signedIn);
  if (!order) {
    return (
      <div className={`container ${styles.page}`}>
        <h1>
          <FormattedMessage id="checkout.success.noOrderTitle" defaultMessage="Thank you for shopping with us" />
        </h1>
        <p>
          <FormattedMessage
            id="checkout.success.noOrderText"
            defaultMessage="There is no recent order to show in this browser tab."
          />
        </p>
        <Link to="/" className={styles.link}>
          <FormattedMessage id="checkout.success.shop" defaultMessage="Continue shopping" />
        </Link>
      </div>
    );
  }
  const total = order.total;
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.hero}>
        <Icon icon={CircleCheck} size={40} className={styles.tick} />
        <h1>
          <FormattedMessage id="checkout.success.title" defaultMessage="Thank you for your order" />
        </h1>
        <p className={styles.number}>
          <FormattedMessage
            id="checkout.success.number"
            defaultMessage="Your order number is {number}"
            values={{ number: <strong data-testid="order-number">{order.number}</strong> }}
          />
        </p>
        {payment ? (
          <PaymentPending payment={payment} email={order.email ?? null} />
        ) : (
          order.email && (
            <p>
              <FormattedMessage
                id="checkout.success.email"
                defaultMessage="We sent a confirmation to {email}."
                values={{ email: <strong>{order.email}</strong> }}
              />
            </p>
          )
        )}
      </div>
      <div className={styles.grid}>
        <section aria-labelledby="order-items-title">
          <h2 id="order-items-title">
            <FormattedMessage id="checkout.success.items" defaultMessage="What you ordered" />
          </h2>
          <ul className={summaryStyles.items}>
            {(order.items ?? []).map((item) =>
              item ? (
                <li key={item.id} className={summaryStyles.item}>
                  <OrderItemPicture item={item} />
                  <div className={summaryStyles.itemText}>
                    <p className={summaryStyles.itemName}>{item.product_name}</p>
                    {[
                      ...bundleItemOptions('bundle_options' in item ? item.bundle_options : null),
                      ...(item.selected_options ?? []),
                      ...(item.entered_options ?? []),
                    ].map((option, index) =>
                      option ? (
                        <p key={index} className={summaryStyles.itemMeta}>
                          {option.label}: {option.value}
                        </p>
                      ) : null,
                    )}
                    <p className={summaryStyles.itemMeta}>
                      <FormattedMessage
                        id="checkout.items.quantity"
                        defaultMessage="Qty {quantity, number}"
                        values={{ quantity: item.quantity_ordered ?? 0 }}
                      />
                    </p>
                  </div>
                  {/* The row total, as the review step showed it beside the quantity. */}
                  <Price
                    value={(item.prices?.row_total ?? item.product_sale_price).value ?? 0}
                    currency={(item.prices?.row_total ?? item.product_sale_price).currency ?? 'USD'}
                    className={summaryStyles.itemPrice}
                  />
                </li>
              ) : null,
            )}
          </ul>
          {total && <PriceSummary lines={orderSummaryLines(total)} />}
        </section>
        <section aria-labelledby="order-delivery-title">
          <h2 id="order-delivery-title">
            <FormattedMessage id="checkout.success.delivery" defaultMessage="Delivery and payment" />
          </h2>
          {order.shipping_address && (
            <>
              <h3>
                <FormattedMessage id="checkout.review.shipTo" defaultMessage="Ship to" />
              </h3>
              <AddressSummary address={orderAddressLines(order.shipping_address, locale)} />
            </>
          )}
          {order.billing_address && (
            <>
              <h3>
                <FormattedMessage id="checkout.review.billTo" defaultMessage="Bill to" />
              </h3>
              <AddressSummary address={orderAddressLines(order.billing_address, locale)} />
            </>
          )}
          <h3>
            <FormattedMessage id="checkout.review.methods" defaultMessage="Shipping and payment" />
          </h3>
          {order.shipping_method && <p>{orderShippingLabel(order.shipping_method)}</p>}
          {(order.payment_methods ?? []).map((method, index) =>
            method ? (
              <div key={index}>
                <p>{method.name}</p>
                <OrderPaymentInstructions method={method} />
              </div>
            ) : null,
          )}
        </section>
      </div>
      {after}
      <Link to="/" className={styles.link}>
        <FormattedMessage id="checkout.success.shop" defaultMessage="Continue shopping" />
      </Link>
    </div>
  );
}

function OrderItemPicture({ item }: { item: NonNullable<NonNullable<PlacedOrder['items']>[number]> }) {
  const picture = orderItemPicture(item);
  if (!picture) return <span className={summaryStyles.thumb} aria-hidden="true" />;
  return <Image src={picture.url} alt="" width={56} height={70} widths={[80, 120]} className={summaryStyles.thumb} />;
}

/**
 * A card payment the gateway confirms later: the page says so, and says it again (a live region)
 * when the confirmation arrives or the payment is given up.
 */
function PaymentPending({ payment, email }: { payment: PaymentConfirmation; email: string | null }) {
  const to = { email: <strong>{email}</strong> };
  return (
    <div role="status" className={styles.payment} data-payment={payment}>
      {payment === 'waiting' && (
        <>
          <p>
            <Icon icon={Clock} size={20} className={styles.waiting} />{' '}
            <strong>
              <FormattedMessage
                id="checkout.success.paymentWaiting"
                defaultMessage="Waiting for payment confirmation"
              />
            </strong>
          </p>
          <p>
            {email ? (
              <FormattedMessage
                id="checkout.success.paymentWaitingEmail"
                defaultMessage="Your card issuer has not confirmed the payment yet. We will e-mail {email} as soon as it does; you can leave this page."
                values={to}
              />
            ) : (
              <FormattedMessage
                id="checkout.success.paymentWaitingText"
                defaultMessage="Your card issuer has not confirmed the payment yet; you can leave this page."
              />
            )}
          </p>
        </>
      )}
      {payment === 'confirmed' && (
        <p>
          <strong>
            <FormattedMessage id="checkout.success.paymentConfirmed" defaultMessage="Payment confirmed." />
          </strong>{' '}
          {email && (
            <FormattedMessage
              id="checkout.success.email"
              defaultMessage="We sent a confirmation to {email}."
              values={to}
            />
          )}
        </p>
      )}
      {payment === 'not_confirmed' && (
        <p>
          <strong>
            <FormattedMessage
              id="checkout.success.paymentFailed"
              defaultMessage="The payment was not confirmed, so the order was canceled and nothing was taken."
            />
          </strong>
        </p>
      )}
    </div>
  );
}

/** A bundle's chosen products as `label: value` lines ("Lamp: 1 x Steel lamp"); none for other items. */
function bundleItemOptions(
  options:
    | ReadonlyArray<{
        label: string;
        values?: ReadonlyArray<{ product_name: string; quantity: number } | null> | null;
      } | null>
    | null
    | undefined,
): Array<{ label: string; value: string }> {
  return (options ?? []).flatMap((o) =>
    o
      ? [
          {
            label: o.label,
            value: (o.values ?? []).flatMap((v) => (v ? [`${v.quantity} x ${v.product_name}`] : [])).join(', '),
          },
        ]
      : [],
  );
}
