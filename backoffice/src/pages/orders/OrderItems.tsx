import { useIntl } from 'react-intl';
import { formatMoney } from '../../common/format';
import type { Order } from './useOrderActions';

/** The order's lines and its totals. */
export function OrderItems({ order }: { order: Order }) {
  const intl = useIntl();
  const money = (amount: { value: number; currency: string }) => formatMoney(intl, amount);
  return (
    <section aria-labelledby="order-items" className="bo-card">
      <h2 id="order-items">Items</h2>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col" className="bo-num">
                Price
              </th>
              <th scope="col" className="bo-num">
                Ordered
              </th>
              <th scope="col" className="bo-num">
                Refunded
              </th>
              <th scope="col" className="bo-num">
                Row total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.line}>
                <th scope="row">
                  {item.name}
                  {item.options.length > 0 && <span className="bo-muted bo-block">{item.options.join(', ')}</span>}
                </th>
                <td>{item.sku}</td>
                <td className="bo-num">{money(item.price)}</td>
                <td className="bo-num">{item.quantityOrdered}</td>
                <td className="bo-num">{item.quantityRefunded}</td>
                <td className="bo-num">{money(item.rowTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="bo-totals">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal)}</dd>
        {order.discount.value !== 0 && (
          <>
            <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
            <dd>{money(order.discount)}</dd>
          </>
        )}
        <dt>Shipping ({order.shippingMethod})</dt>
        <dd>{money(order.shipping)}</dd>
        <dt>Tax</dt>
        <dd>{money(order.tax)}</dd>
        <dt className="bo-strong">Grand total</dt>
        <dd className="bo-strong">{money(order.grandTotal)}</dd>
        <dt>Paid ({order.paymentMethod})</dt>
        <dd>{money(order.totalPaid)}</dd>
        <dt>Refunded</dt>
        <dd>{money(order.totalRefunded)}</dd>
      </dl>
    </section>
  );
}
