import { type MessageDescriptor, defineMessages, useIntl } from 'react-intl';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import fieldStyles from '@vela/ui/Field.module.css';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminReviewDecision, AdminReviewStatus } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { messageOf } from '../common/errorText';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';

// Shoppers' reviews waiting for a decision (and the ones decided): staff approve a review, which
// then shows on the product page and counts in its stars, or reject it. Viewers read only.

const ReviewsQuery = graphql(`
  query AdminReviews($status: AdminReviewStatus, $page: Int) {
    reviews(status: $status, page: $page, pageSize: 20) {
      totalCount
      items {
        id
        status
        productSku
        productName
        storeCode
        nickname
        summary
        text
        byCustomer
        createdAt
        ratings {
          label
          value
        }
      }
    }
  }
`);

const Moderate = graphql(`
  mutation ModerateReview($id: ID!, $status: AdminReviewDecision!) {
    moderateReview(id: $id, status: $status) {
      id
      status
    }
  }
`);

const messages = defineMessages({
  title: { id: 'bo.reviews.title', defaultMessage: 'Reviews' },
  filter: { id: 'bo.reviews.filter', defaultMessage: 'Show' },
  PENDING: { id: 'bo.reviews.pending', defaultMessage: 'Pending' },
  APPROVED: { id: 'bo.reviews.approved', defaultMessage: 'Approved' },
  REJECTED: { id: 'bo.reviews.rejected', defaultMessage: 'Rejected' },
  all: { id: 'bo.reviews.all', defaultMessage: 'All' },
  loading: { id: 'bo.reviews.loading', defaultMessage: 'Loading reviews…' },
  none: { id: 'bo.reviews.none', defaultMessage: 'No reviews here.' },
  by: { id: 'bo.reviews.by', defaultMessage: 'By {nickname} ({who}) on {product} ({sku}), {store}, {date}' },
  customer: { id: 'bo.reviews.customer', defaultMessage: 'customer' },
  guest: { id: 'bo.reviews.guest', defaultMessage: 'guest' },
  rating: { id: 'bo.reviews.rating', defaultMessage: '{label}: {value} of 5' },
  approve: { id: 'bo.reviews.approve', defaultMessage: 'Approve the review by {nickname}' },
  reject: { id: 'bo.reviews.reject', defaultMessage: 'Reject the review by {nickname}' },
  approveShort: { id: 'bo.reviews.approveShort', defaultMessage: 'Approve' },
  rejectShort: { id: 'bo.reviews.rejectShort', defaultMessage: 'Reject' },
  done: { id: 'bo.reviews.done', defaultMessage: 'The review is now {status}.' },
});
const m: Record<keyof typeof messages, MessageDescriptor> = messages;

const STATUSES: readonly AdminReviewStatus[] = ['PENDING', 'APPROVED', 'REJECTED'];

export function ReviewsPage() {
  const t = useIntl().formatMessage;
  const toast = useToast();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const shown = params.get('status') ?? 'PENDING';
  const status = STATUSES.find((s) => s === shown) ?? null;
  const { data, error, loading, refetch } = useQuery(ReviewsQuery, { status, page: 1 });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (id: string, decision: AdminReviewDecision) => {
    setBusy(id);
    setFailure(null);
    try {
      await request(Moderate, { id, status: decision });
      toast.show(t(m.done, { status: t(m[decision]).toLowerCase() }), { tone: 'success' });
      refetch();
    } catch (caught) {
      setFailure(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      <div className={fieldStyles.field}>
        <label htmlFor="review-status" className={fieldStyles.label}>
          {t(m.filter)}
        </label>
        <select
          id="review-status"
          className={fieldStyles.control}
          value={status ?? 'ALL'}
          onChange={(event) => setParams(event.target.value === 'PENDING' ? {} : { status: event.target.value })}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(m[s])}
            </option>
          ))}
          <option value="ALL">{t(m.all)}</option>
        </select>
      </div>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {data && data.reviews.items.length === 0 && <EmptyState>{t(m.none)}</EmptyState>}
      {data && data.reviews.items.length > 0 && (
        <ul className="bo-list" aria-busy={loading || undefined}>
          {data.reviews.items.map((review) => (
            <li key={review.id} className="bo-card">
              <h2>{review.summary}</h2>
              <p className="bo-muted">
                {t(m.by, {
                  nickname: review.nickname,
                  who: t(review.byCustomer ? m.customer : m.guest),
                  product: review.productName,
                  sku: review.productSku,
                  store: review.storeCode,
                  date: review.createdAt,
                })}{' '}
                — {t(m[review.status])}
              </p>
              <ul>
                {review.ratings.map((rating) => (
                  <li key={rating.label}>{t(m.rating, { label: rating.label, value: rating.value })}</li>
                ))}
              </ul>
              {/* Plain text, escaped by React like every text. */}
              <p style={{ whiteSpace: 'pre-line' }}>{review.text}</p>
              {me.role !== 'VIEWER' && (
                <p>
                  {review.status !== 'APPROVED' && (
                    <Button
                      disabled={busy !== null}
                      aria-label={t(m.approve, { nickname: review.nickname })}
                      onClick={() => void decide(review.id, 'APPROVED')}
                    >
                      {t(m.approveShort)}
                    </Button>
                  )}{' '}
                  {review.status !== 'REJECTED' && (
                    <Button
                      variant="secondary"
                      disabled={busy !== null}
                      aria-label={t(m.reject, { nickname: review.nickname })}
                      onClick={() => void decide(review.id, 'REJECTED')}
                    >
                      {t(m.rejectShort)}
                    </Button>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
