import { useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { ActionError, type Actions, type Order } from './useOrderActions';

const CancelMutation = graphql(`
  mutation CancelOrder($number: String!) {
    cancelOrder(number: $number) {
      ...AdminOrderFields
    }
  }
`);

export function CancelAction({ order, actions }: { order: Order; actions: Actions }) {
  const [open, setOpen] = useState(false);
  return (
    <ActionError error={actions.errors.cancel}>
      <Button variant="secondary" disabled={actions.running !== null} onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Cancel order ${order.number}?`}>
        <p>The order is canceled for good and its items go back into stock. The customer is not charged.</p>
        <div className="bo-action-row">
          <Button
            busy={actions.running === 'cancel'}
            onClick={() =>
              void actions
                .run(
                  'cancel',
                  async () => (await request(CancelMutation, { number: order.number })).cancelOrder,
                  `Order ${order.number} is canceled.`,
                )
                .then(() => setOpen(false))
            }
          >
            Yes, cancel the order
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep the order
          </Button>
        </div>
      </Modal>
    </ActionError>
  );
}
