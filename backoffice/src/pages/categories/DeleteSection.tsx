import { type Category } from './categoryDraft';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { messageOf } from '../../common/errorText';

const DeleteCategory = graphql(`
  mutation DeleteCategory($id: ID!) {
    deleteCategory(id: $id)
  }
`);

/** Delete, after a confirmation; the server refuses a category that is not empty, and says why. */
export function DeleteSection({ category }: { category: Category }) {
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (me.role === 'VIEWER') return null;
  const empty = category.childCount === 0 && category.productCount === 0;
  const remove = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      await request(DeleteCategory, { id: category.id });
      toast.show(`${category.name} is deleted.`, { tone: 'success' });
      void navigate('/categories');
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
        {empty
          ? 'It holds no products and no subcategories, so it can be deleted. Its address stops working.'
          : 'Only an empty category can be deleted: move its subcategories and take its products out first.'}
      </p>
      <Button variant="secondary" disabled={!empty} onClick={() => setConfirming(true)}>
        Delete category
      </Button>
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete ${category.name}?`}>
        <p>The category and its address go for good. This cannot be undone.</p>
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
