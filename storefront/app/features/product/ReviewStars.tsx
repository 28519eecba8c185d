import { useIntl } from 'react-intl';
import styles from './ProductReviews.module.css';

/** Five stars, filled to `percent` (Magento's rating_summary: 100 = five stars); read as "4.5 out of 5 stars". */
export function ReviewStars({ percent }: { percent: number }) {
  const intl = useIntl();
  const stars = Math.round((percent / 20) * 10) / 10;
  return (
    <span
      className={styles.stars}
      role="img"
      aria-label={intl.formatMessage(
        { id: 'product.reviews.stars', defaultMessage: '{stars} out of 5 stars' },
        { stars: intl.formatNumber(stars, { maximumFractionDigits: 1 }) },
      )}
    >
      <span aria-hidden="true" className={styles.starsEmpty}>
        ★★★★★
      </span>
      <span
        aria-hidden="true"
        className={styles.starsFull}
        style={{ width: `${Math.max(0, Math.min(100, percent))}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}

/** The stars and the number of reviews beside the product's name, a link to the reviews. */
export function ReviewSummary({ percent, count }: { percent: number; count: number }) {
  const intl = useIntl();
  return (
    <p className={styles.summary}>
      {count > 0 && <ReviewStars percent={percent} />}
      <a href="#reviews">
        {count > 0
          ? intl.formatMessage(
              { id: 'product.reviews.count', defaultMessage: '{count, plural, one {# review} other {# reviews}}' },
              { count },
            )
          : intl.formatMessage({ id: 'product.reviews.first', defaultMessage: 'Be the first to review this product' })}
      </a>
    </p>
  );
}
