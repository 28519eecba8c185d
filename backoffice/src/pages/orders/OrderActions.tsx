import { useStaff } from '../../api/session';
import { useT } from '../../common/useT';
import { CancelAction } from './CancelAction';
import { InvoiceForm } from './InvoiceForm';
import { type Actions, type Order } from './useOrderActions';
import { RefundForm } from './RefundForm';
import { ShipForm } from './ShipForm';
import { m } from './orderMessages';

/** What staff may do with the order now: the server's allowed actions, none for viewers. */
export function OrderActions({ order, actions }: { order: Order; actions: Actions }) {
  const t = useT();
  const me = useStaff();
  const may = (action: Order['allowedActions'][number]) =>
    me.role !== 'VIEWER' && order.allowedActions.includes(action);
  return (
    <>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">{t(m.readOnly)}</p>
      ) : (
        <section aria-labelledby="order-actions" className="bo-card">
          <h2 id="order-actions">{t(m.actions)}</h2>
          {order.allowedActions.length === 0 && <p>{t(m.nothingMore)}</p>}
          {may('CANCEL') && (
            <div className="bo-action-row">
              <CancelAction order={order} actions={actions} />
            </div>
          )}
          {may('INVOICE') && <InvoiceForm key={`invoice-${order.invoices.length}`} order={order} actions={actions} />}
          {may('SHIP') && <ShipForm key={`ship-${order.shipments.length}`} order={order} actions={actions} />}
          {may('REFUND') && <RefundForm order={order} actions={actions} />}
        </section>
      )}
    </>
  );
}
