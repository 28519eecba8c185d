import { useIntl } from 'react-intl';
import { useStaff } from '../../api/session';
import { formatDateTime } from '../../common/format';
import { EmptyState } from '../../common/ui';
import { CommentForm } from './CommentForm';
import type { Actions, Order } from './useOrderActions';

/** The order's history and comments, and the form to add one. */
export function OrderComments({ order, actions }: { order: Order; actions: Actions }) {
  const intl = useIntl();
  const me = useStaff();
  return (
    <section aria-labelledby="order-comments" className="bo-card">
      <h2 id="order-comments">History and comments</h2>
      {order.comments.length === 0 ? (
        <EmptyState>No comments yet.</EmptyState>
      ) : (
        <ol className="bo-comments">
          {order.comments.map((comment, index) => (
            <li key={index}>
              <p className="bo-comment-meta">
                {comment.author}, {formatDateTime(intl, comment.createdAt)}
                {comment.visibleToCustomer ? ' · visible to the customer' : ' · internal'}
              </p>
              <p className="bo-comment-text">{comment.message}</p>
            </li>
          ))}
        </ol>
      )}
      {me.role !== 'VIEWER' && <CommentForm order={order} actions={actions} />}
    </section>
  );
}
