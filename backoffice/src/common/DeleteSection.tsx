import { type ReactNode, useId, useState } from 'react';
import { defineMessages } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { useStaff } from '../api/session';
import { messageOf } from './errorText';
import { useT } from './useT';

const m = defineMessages({
  heading: { id: 'backoffice.delete.heading', defaultMessage: 'Delete' },
  title: { id: 'backoffice.delete.title', defaultMessage: 'Delete {name}?' },
  done: { id: 'backoffice.delete.done', defaultMessage: '{name} is deleted.' },
  confirm: { id: 'backoffice.delete.confirm', defaultMessage: 'Yes, delete it' },
  keep: { id: 'backoffice.delete.keep', defaultMessage: 'Keep it' },
});

/**
 * A record's delete card: what deleting does (or why it cannot be deleted now), a button, then a
 * confirmation dialog; once deleted, a notice and the list. Nothing for read-only staff.
 */
export function DeleteSection({
  name,
  explanation,
  buttonLabel,
  confirmation,
  disabled,
  onDelete,
  listPath,
}: {
  /** What the record is called, in the dialog's title and the notice. */
  name: string;
  explanation: ReactNode;
  buttonLabel: ReactNode;
  confirmation: ReactNode;
  disabled: boolean;
  onDelete: () => Promise<unknown>;
  /** Where to go once it is deleted. */
  listPath: string;
}) {
  const t = useT();
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (me.role === 'VIEWER') return null;
  const remove = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      await onDelete();
      toast.show(t(m.done, { name }), { tone: 'success' });
      void navigate(listPath);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  const errorText = error && (
    <p className="bo-inline-error" role="alert">
      {error}
    </p>
  );
  return (
    <section aria-labelledby={`${id}-delete`} className="bo-card">
      <h2 id={`${id}-delete`}>{t(m.heading)}</h2>
      <p className="bo-muted">{explanation}</p>
      <Button variant="secondary" disabled={disabled} onClick={() => setConfirming(true)}>
        {buttonLabel}
      </Button>
      {!confirming && errorText}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t(m.title, { name })}>
        <p>{confirmation}</p>
        {errorText}
        <div className="bo-action-row">
          <Button busy={running} onClick={() => void remove()}>
            {t(m.confirm)}
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => setConfirming(false)}>
            {t(m.keep)}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
