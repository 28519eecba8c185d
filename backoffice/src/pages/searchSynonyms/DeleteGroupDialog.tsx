import { useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useT } from '../../common/useT';
import type { SynonymGroup } from './SynonymGroupForm';
import { sm, wordsOf } from './synonymMessages';

const DeleteGroup = graphql(`
  mutation DeleteSearchSynonymGroup($id: ID!) {
    deleteSearchSynonymGroup(id: $id)
  }
`);

/** Asks before a group goes: searches change for every shopper at once. */
export function DeleteGroupDialog({
  group,
  onClose,
  onDeleted,
}: {
  group: SynonymGroup;
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
      await request(DeleteGroup, { id: group.id });
      toast.show(t(sm.deleted, { words: wordsOf(group) }), { tone: 'success' });
      onDeleted();
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={t(sm.deleteTitle, { words: wordsOf(group) })}>
      <p>{t(sm.deleteText)}</p>
      {failure && (
        <p className="bo-inline-error" role="alert">
          {failure}
        </p>
      )}
      <div className="bo-action-row">
        <Button busy={running} onClick={() => void remove()}>
          {t(sm.deleteConfirm)}
        </Button>
        <Button variant="secondary" disabled={running} onClick={onClose}>
          {t(sm.keep)}
        </Button>
      </div>
    </Modal>
  );
}
