import { useIntl } from 'react-intl';
import { useStaff } from '../../api/session';
import { formatDateTime } from '../../common/format';
import { EmptyState } from '../../common/ui';
import { useT } from '../../common/useT';
import { CommentForm } from './CommentForm';
import { m } from './orderMessages';
import type { Actions, Order } from './useOrderActions';

/** The order's history and comments, and the form to add one. */
export function OrderComments({ order, actions }: { order: Order; actions: Actions }) {
  const intl = useIntl();
  const t = useT();
  const me = useStaff();
  return (
    <section aria-labelledby="order-comments" className="bo-card">
      <h2 id="order-comments">{t(m.history)}</h2>
      {order.comments.length === 0 ? (
        <EmptyState>{t(m.noComments)}</EmptyState>
      ) : (
        <ol className="bo-comments">
          {order.comments.map((comment, index) => (
            <li key={index}>
              <p className="bo-comment-meta">
                {t(m.commentMeta, {
                  author: comment.author,
                  date: formatDateTime(intl, comment.createdAt),
                  visible: comment.visibleToCustomer ? 'yes' : 'no',
                })}
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
