import { useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useT } from '../../common/useT';
import { m } from './orderMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

const CancelMutation = graphql(`
  mutation CancelOrder($number: String!) {
    cancelOrder(number: $number) {
      ...AdminOrderFields
    }
  }
`);

export function CancelAction({ order, actions }: { order: Order; actions: Actions }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <ActionError error={actions.errors.cancel}>
      <Button variant="secondary" disabled={actions.running !== null} onClick={() => setOpen(true)}>
        {t(m.cancel)}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={t(m.cancelTitle, { number: order.number })}>
        <p>{t(m.cancelText)}</p>
        <div className="bo-action-row">
          <Button
            busy={actions.running === 'cancel'}
            onClick={() =>
              void actions
                .run(
                  'cancel',
                  async () => (await request(CancelMutation, { number: order.number })).cancelOrder,
                  t(m.canceled, { number: order.number }),
                )
                .then(() => setOpen(false))
            }
          >
            {t(m.cancelConfirm)}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t(m.cancelKeep)}
          </Button>
        </div>
      </Modal>
    </ActionError>
  );
}
