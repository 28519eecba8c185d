import { Button } from '@vela/ui/Button';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { CancelAction } from './CancelAction';
import { ActionError, type Actions, type Order } from './useOrderActions';
import { RefundForm } from './RefundForm';
import { ShipForm } from './ShipForm';

const InvoiceMutation = graphql(`
  mutation InvoiceOrder($number: String!) {
    invoiceOrder(number: $number) {
      ...AdminOrderFields
    }
  }
`);

/** What staff may do with the order now: the server's allowed actions, none for viewers. */
export function OrderActions({ order, actions }: { order: Order; actions: Actions }) {
  const me = useStaff();
  const may = (action: Order['allowedActions'][number]) =>
    me.role !== 'VIEWER' && order.allowedActions.includes(action);
  return (
    <>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">Your role can read orders but not change them.</p>
      ) : (
        <section aria-labelledby="order-actions" className="bo-card">
          <h2 id="order-actions">Actions</h2>
          {order.allowedActions.length === 0 && <p>Nothing more can be done with this order.</p>}
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
                        `Order ${order.number} is invoiced.`,
                      )
                    }
                  >
                    Invoice
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
