import { useIntl } from 'react-intl';
import { formatMoney } from '../../common/format';
import { type Column, DataTable } from '../../common/list/DataTable';
import { useT } from '../../common/useT';
import { m } from './orderMessages';
import type { Order } from './useOrderActions';

type Item = Order['items'][number];

/** The order's lines and its totals. */
export function OrderItems({ order }: { order: Order }) {
  const intl = useIntl();
  const t = useT();
  const money = (amount: { value: number; currency: string }) => formatMoney(intl, amount);
  const columns: Column<Item>[] = [
    {
      key: 'product',
      header: t(m.product),
      rowHeader: true,
      cell: (item) => (
        <>
          {item.name}
          {item.options.length > 0 && <span className="bo-muted bo-block">{item.options.join(', ')}</span>}
        </>
      ),
    },
    { key: 'sku', header: t(m.sku), cell: (item) => item.sku },
    { key: 'price', header: t(m.price), numeric: true, cell: (item) => money(item.price) },
    { key: 'ordered', header: t(m.ordered), numeric: true, cell: (item) => item.quantityOrdered },
    { key: 'refunded', header: t(m.refundedColumn), numeric: true, cell: (item) => item.quantityRefunded },
    { key: 'rowTotal', header: t(m.rowTotal), numeric: true, cell: (item) => money(item.rowTotal) },
  ];
  return (
    <section aria-labelledby="order-items" className="bo-card">
      <h2 id="order-items">{t(m.items)}</h2>
      <DataTable
        caption={t(m.itemsCaption)}
        columns={columns}
        rows={order.items}
        rowKey={(item) => String(item.line)}
      />
      <dl className="bo-totals">
        <dt>{t(m.subtotal)}</dt>
        <dd>{money(order.subtotal)}</dd>
        {order.discount.value !== 0 && (
          <>
            <dt>{order.couponCode ? t(m.discountCoupon, { code: order.couponCode }) : t(m.discount)}</dt>
            <dd>{money(order.discount)}</dd>
          </>
        )}
        {order.shippingMethod !== '' && (
          <>
            <dt>{t(m.shipping, { method: order.shippingMethod })}</dt>
            <dd>{money(order.shipping)}</dd>
          </>
        )}
        <dt>{t(m.tax)}</dt>
        <dd>{money(order.tax)}</dd>
        <dt className="bo-strong">{t(m.grandTotal)}</dt>
        <dd className="bo-strong">{money(order.grandTotal)}</dd>
        <dt>{t(m.paid, { method: order.paymentMethod })}</dt>
        <dd>{money(order.totalPaid)}</dd>
        <dt>{t(m.totalRefunded)}</dt>
        <dd>{money(order.totalRefunded)}</dd>
      </dl>
    </section>
  );
}
