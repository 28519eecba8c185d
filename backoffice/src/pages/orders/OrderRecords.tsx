import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime, formatMoney } from '../../common/format';
import { EmptyState } from '../../common/ui';
import { useT } from '../../common/useT';
import { DocumentLines, DocumentLink } from './DocumentLink';
import { m } from './orderMessages';
import type { Order } from './useOrderActions';

/** The addresses, and what has happened to the order: invoices, shipments, refunds. */
export function OrderRecords({ order }: { order: Order }) {
  const intl = useIntl();
  const t = useT();
  const money = (amount: { value: number; currency: string }) => formatMoney(intl, amount);
  const date = (at: string) => formatDateTime(intl, at);
  return (
    <>
      <div className="bo-grid-2">
        <section aria-labelledby="order-shipping-address" className="bo-card">
          <h2 id="order-shipping-address">{t(m.shippingAddress)}</h2>
          {/* An order of virtual products only has no shipping address. */}
          {order.shippingAddress.length === 0 ? (
            <EmptyState>{t(m.nothingToShip)}</EmptyState>
          ) : (
            <AddressLines lines={order.shippingAddress} />
          )}
        </section>
        <section aria-labelledby="order-billing-address" className="bo-card">
          <h2 id="order-billing-address">{t(m.billingAddress)}</h2>
          <AddressLines lines={order.billingAddress} />
        </section>
      </div>

      <div className="bo-grid-2">
        <section aria-labelledby="order-invoices" className="bo-card">
          <h2 id="order-invoices">{t(m.invoices)}</h2>
          {order.invoices.length === 0 ? (
            <EmptyState>{t(m.notInvoiced)}</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.invoices.map((invoice) => (
                <li key={invoice.number}>
                  {t(m.invoiceLine, {
                    number: invoice.number,
                    total: money(invoice.grandTotal),
                    date: date(invoice.createdAt),
                  })}{' '}
                  <DocumentLink kind="invoice" number={invoice.number} />
                  <DocumentLines lines={invoice.lines} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="order-shipments" className="bo-card">
          <h2 id="order-shipments">{t(m.shipments)}</h2>
          {order.shipments.length === 0 ? (
            <EmptyState>{t(m.notShipped)}</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.shipments.map((shipment) => (
                <li key={shipment.number}>
                  <FormattedMessage
                    {...m.shipmentLine}
                    values={{
                      number: shipment.number,
                      carrier: shipment.carrierTitle,
                      tracking: shipment.trackingNumber,
                      date: date(shipment.createdAt),
                      b: (text) => <strong className="bo-tracking">{text}</strong>,
                    }}
                  />{' '}
                  <DocumentLink kind="packingSlip" number={shipment.number} />
                  <DocumentLines lines={shipment.lines} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="order-refunds" className="bo-card">
          <h2 id="order-refunds">{t(m.refunds)}</h2>
          {order.refunds.length === 0 ? (
            <EmptyState>{t(m.noRefunds)}</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.refunds.map((refund) => (
                <li key={refund.number}>
                  {t(m.refundLine, {
                    number: refund.number,
                    total: money(refund.grandTotal),
                    toStock: refund.returnedToStock ? 'yes' : 'no',
                    date: date(refund.createdAt),
                  })}{' '}
                  <DocumentLink kind="creditMemo" number={refund.number} />
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
  const t = useT();
  if (lines.length === 0) return <EmptyState>{t(m.noAddress)}</EmptyState>;
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
