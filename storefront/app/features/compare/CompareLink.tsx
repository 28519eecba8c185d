import { Scale } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { useCompareList } from './useCompareList';
import styles from './CompareLink.module.css';

/** The header's way to the compare page, named with how many products wait there. */
export function CompareLink({ className }: { className?: string }) {
  const intl = useIntl();
  const { list } = useCompareList();
  const count = list?.item_count ?? 0;
  return (
    <Link
      to="/compare"
      className={[className, styles.link].filter(Boolean).join(' ')}
      aria-label={intl.formatMessage(
        {
          id: 'compare.header.link',
          defaultMessage:
            '{count, plural, =0 {Compare products} one {Compare products, # product} other {Compare products, # products}}',
        },
        { count },
      )}
    >
      <Icon icon={Scale} />
      {/* Always there, hidden while empty, so the count appearing moves nothing. */}
      <span
        className={styles.badge}
        data-empty={count === 0 || undefined}
        aria-hidden="true"
        data-testid="compare-badge"
      >
        {count}
      </span>
    </Link>
  );
}
