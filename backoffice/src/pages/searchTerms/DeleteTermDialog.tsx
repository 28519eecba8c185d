import { useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import type { TermRow } from './RedirectForm';
import { tm } from './termMessages';

const DeleteTerm = graphql(`
  mutation DeleteSearchTerm($id: ID!) {
    deleteSearchTerm(id: $id)
  }
`);

/** Asks before a term goes with its counts and redirect. */
export function DeleteTermDialog({
  term,
  onClose,
  onDeleted,
}: {
  term: TermRow;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    if (running) return;
    setRunning(true);
    setFailure(null);
    try {
      await request(DeleteTerm, { id: term.id });
      toast.show(t(tm.deleted, { term: term.queryText }), { tone: 'success' });
      onDeleted();
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={t(tm.deleteTitle, { term: term.queryText })}>
      <p>{t(tm.deleteText)}</p>
      {failure && (
        <p className="bo-inline-error" role="alert">
          {failure}
        </p>
      )}
      <div className="bo-action-row">
        <Button busy={running} onClick={() => void remove()}>
          {t(tm.deleteConfirm)}
        </Button>
        <Button variant="secondary" disabled={running} onClick={onClose}>
          {t(tm.keep)}
        </Button>
      </div>
    </Modal>
  );
}
