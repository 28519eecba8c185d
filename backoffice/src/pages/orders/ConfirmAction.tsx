import { type ReactNode, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useT } from '../../common/useT';
import { pm } from './paymentMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

type PaymentAction = 'capture' | 'void';

/** A payment action behind a confirmation: the button, the question, progress and the refusal. */
export function ConfirmAction({
  action,
  actions,
  label,
  title,
  text,
  confirm,
  done,
  call,
}: {
  action: PaymentAction;
  actions: Actions;
  label: string;
  title: string;
  text: ReactNode;
  confirm: string;
  done: string;
  call: () => Promise<Order>;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <ActionError error={actions.errors[action]}>
      <Button variant="secondary" disabled={actions.running !== null} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={title}>
        <p>{text}</p>
        <div className="bo-action-row">
          <Button
            busy={actions.running === action}
            onClick={() => void actions.run(action, call, done).then(() => setOpen(false))}
          >
            {confirm}
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t(pm.keep)}
          </Button>
        </div>
      </Modal>
    </ActionError>
  );
}
