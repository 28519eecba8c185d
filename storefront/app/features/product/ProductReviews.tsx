import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Spinner } from '@vela/ui/Spinner';
import type { ProductPageProduct } from './productPageQuery';
import { ReviewStars } from './ReviewStars';
import styles from './ProductReviews.module.css';

// The product's approved reviews (from the page's own query, so in the server's HTML), and a button
// that loads the form to write one: the form, its ratings query and its mutation are a chunk of
// their own, fetched on demand, so the product page's first-load JavaScript stays in its budget.
const ReviewForm = lazy(() => import('./ReviewForm').then((m) => ({ default: m.ReviewForm })));

export function ProductReviews({ product }: { product: ProductPageProduct }) {
  const headingId = useId();
  const intl = useIntl();
  const [writing, setWriting] = useState(false);
  const reviews = (product.reviews?.items ?? []).filter((review) => review !== null);
  return (
    <section id="reviews" className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage
          id="product.reviews.heading"
          defaultMessage="Reviews ({count})"
          values={{ count: product.review_count ?? 0 }}
        />
      </h2>
      {reviews.length > 0 && (
        <ol className={styles.list}>
          {reviews.map((review, index) => (
            <li key={`${review.created_at}-${index}`} className={styles.review}>
              <ReviewStars percent={review.average_rating * 20} />
              <h3>{review.summary}</h3>
              <p className={styles.meta}>
                <FormattedMessage
                  id="product.reviews.by"
                  defaultMessage="By {nickname}, {date}"
                  values={{ nickname: review.nickname, date: review.created_at.slice(0, 10) }}
                />
              </p>
              <p className={styles.text}>{review.text}</p>
            </li>
          ))}
        </ol>
      )}
      {writing ? (
        <Suspense
          fallback={
            <Spinner
              label={intl.formatMessage({ id: 'product.reviews.loading', defaultMessage: 'Loading the ratings…' })}
            />
          }
        >
          <ReviewForm sku={product.sku ?? ''} />
        </Suspense>
      ) : (
        <Button variant="secondary" onClick={() => setWriting(true)}>
          <FormattedMessage id="product.reviews.write" defaultMessage="Write a review" />
        </Button>
      )}
    </section>
  );
}
