import { type ReactNode, useState } from 'react';
import { useToast } from '@vela/ui/Toast';
import type { AdminOrderFieldsFragment } from '../../__generated__/graphql';
import { messageOf } from '../../common/errorText';

export type Order = AdminOrderFieldsFragment;
type Action = 'invoice' | 'ship' | 'cancel' | 'refund' | 'comment' | 'capture' | 'void' | 'refundPayment';

/** Runs one action at a time: every action button is disabled while one is in flight. */
export function useActions(order: Order, onChange: (order: Order) => void) {
  const toast = useToast();
  const [running, setRunning] = useState<Action | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Action, string>>>({});
  const run = async (action: Action, call: () => Promise<Order>, success: string): Promise<boolean> => {
    if (running) return false;
    setRunning(action);
    setErrors((current) => ({ ...current, [action]: undefined }));
    try {
      onChange(await call());
      toast.show(success, { tone: 'success' });
      return true;
    } catch (caught) {
      setErrors((current) => ({ ...current, [action]: messageOf(caught) }));
      return false;
    } finally {
      setRunning(null);
    }
  };
  return { running, errors, run, number: order.number };
}

export type Actions = ReturnType<typeof useActions>;

/** An action's control with the server's refusal under it. */
export function ActionError({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className="bo-action">
      {children}
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
