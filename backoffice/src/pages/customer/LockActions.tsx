import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { AdminCustomerFieldsFragment as Customer } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';

const LockMutation = graphql(`
  mutation LockCustomer($id: ID!) {
    lockCustomer(id: $id) {
      ...AdminCustomerFields
    }
  }
`);

const UnlockMutation = graphql(`
  mutation UnlockCustomer($id: ID!) {
    unlockCustomer(id: $id) {
      ...AdminCustomerFields
    }
  }
`);

/** Lock (after a confirmation) or unlock; one request at a time. */
export function LockActions({ customer, onChange }: { customer: Customer; onChange: (customer: Customer) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (lock: boolean) => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      const next = lock
        ? (await request(LockMutation, { id: customer.id })).lockCustomer
        : (await request(UnlockMutation, { id: customer.id })).unlockCustomer;
      onChange(next);
      setConfirming(false);
      toast.show(
        lock
          ? intl.formatMessage(
              { id: 'backoffice.customer.lockedToast', defaultMessage: '{email} is locked.' },
              { email: customer.email },
            )
          : intl.formatMessage(
              { id: 'backoffice.customer.unlockedToast', defaultMessage: '{email} can sign in again.' },
              { email: customer.email },
            ),
        { tone: 'success' },
      );
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="bo-action">
      {customer.locked ? (
        <Button busy={running} onClick={() => void run(false)}>
          <FormattedMessage id="backoffice.customer.unlock" defaultMessage="Unlock account" />
        </Button>
      ) : (
        <Button variant="secondary" disabled={running} onClick={() => setConfirming(true)}>
          <FormattedMessage id="backoffice.customer.lock" defaultMessage="Lock account" />
        </Button>
      )}
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage(
          { id: 'backoffice.customer.lockTitle', defaultMessage: 'Lock {email}?' },
          { email: customer.email },
        )}
      >
        <p>
          <FormattedMessage
            id="backoffice.customer.lockText"
            defaultMessage="The customer is signed out everywhere at once and cannot sign in until the account is unlocked. Their orders and addresses stay as they are."
          />
        </p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running} onClick={() => void run(true)}>
            <FormattedMessage id="backoffice.customer.lockConfirm" defaultMessage="Yes, lock the account" />
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => setConfirming(false)}>
            <FormattedMessage id="backoffice.customer.lockCancel" defaultMessage="Keep it open" />
          </Button>
        </div>
      </Modal>
    </div>
  );
}
