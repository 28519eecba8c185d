import { type CmsBlock, type CmsPage, type Kind } from './cmsDraft';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { messageOf } from '../../common/errorText';

const DeleteCmsPage = graphql(`
  mutation DeleteCmsPage($id: ID!) {
    deleteCmsPage(id: $id)
  }
`);

const DeleteCmsBlock = graphql(`
  mutation DeleteCmsBlock($id: ID!) {
    deleteCmsBlock(id: $id)
  }
`);

/** Delete, after a confirmation; the home and "not found" pages cannot be deleted. */
export function DeleteSection({
  kind,
  item,
  blocked,
}: {
  kind: Kind;
  item: CmsPage | CmsBlock;
  blocked: string | null;
}) {
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (me.role === 'VIEWER') return null;
  const noun = kind === 'page' ? 'page' : 'block';
  const remove = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      if (kind === 'page') await request(DeleteCmsPage, { id: item.id });
      else await request(DeleteCmsBlock, { id: item.id });
      toast.show(`${item.title} is deleted.`, { tone: 'success' });
      void navigate(kind === 'page' ? '/content' : '/content?kind=blocks');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-delete`} className="bo-card">
      <h2 id={`${id}-delete`}>Delete</h2>
      <p className="bo-muted">
        {blocked ??
          (kind === 'page'
            ? 'The page and its address go for good; links to it lead to the "page not found" page.'
            : 'The block goes for good; the places that showed it show nothing.')}
      </p>
      <Button variant="secondary" disabled={blocked !== null} onClick={() => setConfirming(true)}>
        Delete {noun}
      </Button>
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete ${item.title}?`}>
        <p>This cannot be undone.</p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running} onClick={() => void remove()}>
            Yes, delete it
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      </Modal>
    </section>
  );
}
