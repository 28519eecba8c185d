import { Button } from '@vela/ui/Button';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { useT } from '../../common/useT';
import { CancelAction } from './CancelAction';
import { ActionError, type Actions, type Order } from './useOrderActions';
import { RefundForm } from './RefundForm';
import { ShipForm } from './ShipForm';
import { m } from './orderMessages';

const InvoiceMutation = graphql(`
  mutation InvoiceOrder($number: String!) {
    invoiceOrder(number: $number) {
      ...AdminOrderFields
    }
  }
`);

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
          {(may('INVOICE') || may('CANCEL')) && (
            <div className="bo-action-row">
              {may('INVOICE') && (
                <ActionError error={actions.errors.invoice}>
                  <Button
                    busy={actions.running === 'invoice'}
                    disabled={actions.running !== null && actions.running !== 'invoice'}
                    onClick={() =>
                      void actions.run(
                        'invoice',
                        async () => (await request(InvoiceMutation, { number: order.number })).invoiceOrder,
                        t(m.invoiced, { number: order.number }),
                      )
                    }
                  >
                    {t(m.invoice)}
                  </Button>
                </ActionError>
              )}
              {may('CANCEL') && <CancelAction order={order} actions={actions} />}
            </div>
          )}
          {may('SHIP') && <ShipForm order={order} actions={actions} />}
          {may('REFUND') && <RefundForm order={order} actions={actions} />}
        </section>
      )}
    </>
  );
}
