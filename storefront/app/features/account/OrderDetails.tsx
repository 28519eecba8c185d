import { useQuery } from '@apollo/client/react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OrderAddressFieldsFragment, OrderDetailsFieldsFragment } from '../../__generated__/graphql';
import { describeError } from '../../data/errors';
import { PostalAddress } from '../../shared/PostalAddress';
import { countryName } from '../../shared/countryName';
import { OrderPaymentInstructions } from '../../shared/OrderPaymentInstructions';
import { orderShippingLabel } from '../../shared/shippingMethodLabel';
import { PriceSummary } from '../../shared/PriceSummary';
import { orderSummaryLines } from '../../shared/priceSummary';
import { cardPaymentEnded, waitingPaymentCartId } from '../../shared/unpaidCardOrder';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { MoneyText } from './MoneyText';
import { orderDate } from './orderDate';
import { OrderStatus } from './OrderStatus';
import { AccountOrderQuery } from './orderQueries';
import styles from './OrderDetails.module.css';

function OrderAddress({ address }: { address: OrderAddressFieldsFragment }) {
  // An order keeps the region's name only, and the country as its code: shown by its name.
  const { locale } = useIntl();
  return (
    <PostalAddress
      className={styles.address}
      address={{ ...address, countryCode: address.country_code, country: countryName(address.country_code, locale) }}
      telephone={address.telephone}
    />
  );
}

/** What the page shows for an order whose card payment waits: the checkout's "Finish paying", given by the route. */
export type FinishPayingSlot = (waiting: { cartId: string; uid: string | null }) => React.ReactNode;

export function OrderDetails({ number, finishPaying }: { number: string; finishPaying?: FinishPayingSlot }) {
  const { data, error } = useQuery(AccountOrderQuery, { variables: { number }, fetchPolicy: 'cache-first' });
  if (!data) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  const order = data.customer?.orders?.items.find((candidate) => candidate?.number === number);
  if (!order) {
    return (
      <>
        <h1>
          <FormattedMessage id="account.order.notFoundTitle" defaultMessage="Order not found" />
        </h1>
        <p>
          <FormattedMessage
            id="account.order.notFound"
            defaultMessage="There is no order {number} in your account."
            values={{ number }}
          />
        </p>
        <Link to="/account/orders">
          <FormattedMessage id="account.order.back" defaultMessage="Back to my orders" />
        </Link>
      </>
    );
  }
  return (
    <OrderView
      order={order}
      finishPaying={finishPaying && ((cartId) => finishPaying({ cartId, uid: order.id }))}
      back={
        <Link to="/account/orders">
          <FormattedMessage id="account.order.back" defaultMessage="Back to my orders" />
        </Link>
      }
    />
  );
}

export type OrderViewData = OrderDetailsFieldsFragment & { order_date: string; status: string; state: string };

/** Where the parcel is: each shipment's carrier and tracking number. */
function OrderShipments({ order }: { order: OrderViewData }) {
  const tracks = (order.shipments ?? []).flatMap((shipment) =>
    (shipment?.tracking ?? []).flatMap((track) => (track ? [{ shipment: shipment!.id, ...track }] : [])),
  );
  if (tracks.length === 0) return null;
  return (
    <section aria-labelledby="order-shipments">
      <h2 id="order-shipments">
        <FormattedMessage id="account.order.shipments" defaultMessage="Shipment" />
      </h2>
      <ul className={styles.plainList}>
        {tracks.map((track) => (
          <li key={`${track.shipment}-${track.number ?? ''}`}>
            <FormattedMessage
              id="account.order.tracking"
              defaultMessage="Shipped with {carrier}, tracking number {number}"
              values={{ carrier: track.title, number: <strong className={styles.tracking}>{track.number}</strong> }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Messages the shop wrote on the order for the customer. */
function OrderComments({ order }: { order: OrderViewData }) {
  const comments = (order.comments ?? []).flatMap((comment) => (comment ? [comment] : []));
  if (comments.length === 0) return null;
  return (
    <section aria-labelledby="order-comments">
      <h2 id="order-comments">
        <FormattedMessage id="account.order.comments" defaultMessage="Messages from the shop" />
      </h2>
      <ul className={styles.plainList}>
        {comments.map((comment) => (
          <li key={`${comment.timestamp}-${comment.message}`}>
            <p className={styles.muted}>
              <FormattedDate value={orderDate(comment.timestamp)} dateStyle="long" />
            </p>
            <p>{comment.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One order as the shopper sees it: in the account, and found as a guest. */
export function OrderView({
  order,
  back,
  finishPaying,
}: {
  order: OrderViewData;
  back?: React.ReactNode;
  /** Draws "Finish paying" for the cart of an order whose card payment waits. */
  finishPaying?: (cartId: string) => React.ReactNode;
}) {
  const waitingCartId = waitingPaymentCartId(order);
  return (
    <>
      {back && <p>{back}</p>}
      <h1>
        <FormattedMessage id="account.order.title" defaultMessage="Order #{number}" values={{ number: order.number }} />
      </h1>
      <p className={styles.meta}>
        <FormattedMessage
          id="account.order.meta"
          defaultMessage="Placed on {date} · {status}"
          values={{
            date: <FormattedDate value={orderDate(order.order_date)} dateStyle="long" />,
            status: <OrderStatus state={order.state} status={order.status} />,
          }}
        />
      </p>
      {waitingCartId && finishPaying?.(waitingCartId)}
      {cardPaymentEnded(order) && (
        <p className={styles.notice}>
          <FormattedMessage
            id="account.order.cardPaymentEnded"
            defaultMessage="The card payment for this order was not completed, so the order was canceled. Nothing was taken from your card."
          />
        </p>
      )}
      <OrderShipments order={order} />
      <OrderComments order={order} />
      <h2>
        <FormattedMessage id="account.order.items" defaultMessage="Items ordered" />
      </h2>
      <ul className={styles.items}>
        {(order.items ?? []).flatMap((item) =>
          item
            ? [
                <li key={item.id} className={styles.item}>
                  <div>
                    <p className={styles.itemName}>{item.product_name}</p>
                    <p className={styles.muted}>
                      <FormattedMessage
                        id="account.order.sku"
                        defaultMessage="SKU: {sku}"
                        values={{ sku: item.product_sku }}
                      />
                    </p>
                    {[...(item.selected_options ?? []), ...(item.entered_options ?? [])].map((option, index) =>
                      option ? (
                        <p key={index} className={styles.muted}>
                          {option.label}: {option.value}
                        </p>
                      ) : null,
                    )}
                  </div>
                  <p className={styles.qty}>
                    <FormattedMessage
                      id="account.order.qty"
                      defaultMessage="Qty {qty}"
                      values={{ qty: item.quantity_ordered ?? 0 }}
                    />
                  </p>
                  <MoneyText money={item.product_sale_price} className={styles.price} />
                </li>,
              ]
            : [],
        )}
      </ul>
      <div className={styles.totals}>
        <PriceSummary lines={orderSummaryLines(order.total)} />
      </div>
      <div className={styles.columns}>
        {order.shipping_address && (
          <section>
            <h2>
              <FormattedMessage id="account.order.shippingAddress" defaultMessage="Shipping address" />
            </h2>
            <OrderAddress address={order.shipping_address} />
            {order.shipping_method && <p className={styles.muted}>{orderShippingLabel(order.shipping_method)}</p>}
          </section>
        )}
        {order.billing_address && (
          <section>
            <h2>
              <FormattedMessage id="account.order.billingAddress" defaultMessage="Billing address" />
            </h2>
            <OrderAddress address={order.billing_address} />
            <p className={styles.muted}>
              {(order.payment_methods ?? [])
                .map((method) => method?.name)
                .filter(Boolean)
                .join(', ')}
            </p>
            {/* The customer can look up how to pay: whom, where, which account. */}
            {(order.payment_methods ?? []).map((method, index) =>
              method ? <OrderPaymentInstructions key={index} method={method} /> : null,
            )}
          </section>
        )}
      </div>
    </>
  );
}
