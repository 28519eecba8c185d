import { useIntl } from 'react-intl';
import { formatDateTime, formatMoney } from '../../common/format';
import { EmptyState } from '../../common/ui';
import type { Order } from './useOrderActions';

/** The addresses, and what has happened to the order: invoices, shipments, refunds. */
export function OrderRecords({ order }: { order: Order }) {
  const intl = useIntl();
  const money = (amount: { value: number; currency: string }) => formatMoney(intl, amount);
  return (
    <>
      <div className="bo-grid-2">
        <section aria-labelledby="order-shipping-address" className="bo-card">
          <h2 id="order-shipping-address">Shipping address</h2>
          <AddressLines lines={order.shippingAddress} />
        </section>
        <section aria-labelledby="order-billing-address" className="bo-card">
          <h2 id="order-billing-address">Billing address</h2>
          <AddressLines lines={order.billingAddress} />
        </section>
      </div>

      <div className="bo-grid-2">
        <section aria-labelledby="order-invoices" className="bo-card">
          <h2 id="order-invoices">Invoices</h2>
          {order.invoices.length === 0 ? (
            <EmptyState>Not invoiced yet.</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.invoices.map((invoice) => (
                <li key={invoice.number}>
                  Invoice {invoice.number}: {money(invoice.grandTotal)}, {formatDateTime(intl, invoice.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="order-shipments" className="bo-card">
          <h2 id="order-shipments">Shipments</h2>
          {order.shipments.length === 0 ? (
            <EmptyState>Not shipped yet.</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.shipments.map((shipment) => (
                <li key={shipment.number}>
                  Shipment {shipment.number} with {shipment.carrierTitle}, tracking number{' '}
                  <strong className="bo-tracking">{shipment.trackingNumber}</strong>,{' '}
                  {formatDateTime(intl, shipment.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="order-refunds" className="bo-card">
          <h2 id="order-refunds">Refunds</h2>
          {order.refunds.length === 0 ? (
            <EmptyState>No refunds.</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.refunds.map((refund) => (
                <li key={refund.number}>
                  Refund {refund.number}: {money(refund.grandTotal)}
                  {refund.returnedToStock ? ', returned to stock' : ''}, {formatDateTime(intl, refund.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function AddressLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return <EmptyState>None.</EmptyState>;
  return (
    <address className="bo-address">
      {lines.map((line, index) => (
        <span key={index} className="bo-block">
          {line}
        </span>
      ))}
    </address>
  );
}
