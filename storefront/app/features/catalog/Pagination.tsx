import { ChevronLeft, ChevronRight } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { withPage } from './listingParams';
import { pageWindow } from './pagination';
import styles from './Pagination.module.css';

export function Pagination({ current, total, params }: { current: number; total: number; params: URLSearchParams }) {
  const intl = useIntl();
  const items = pageWindow(current, total);
  if (items.length === 0) return null;
  const pageLabel = (page: number) =>
    intl.formatMessage({ id: 'catalog.pagination.page', defaultMessage: 'Page {page, number}' }, { page });
  return (
    <nav
      className={styles.nav}
      aria-label={intl.formatMessage({ id: 'catalog.pagination.label', defaultMessage: 'Pagination' })}
    >
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            <Link className={styles.step} to={withPage(params, current - 1)} rel="prev">
              <Icon icon={ChevronLeft} size={20} />
              <FormattedMessage id="catalog.pagination.previous" defaultMessage="Previous" />
            </Link>
          ) : null}
        </li>
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className={styles.page}
                to={withPage(params, item.page)}
                aria-label={pageLabel(item.page)}
                aria-current={item.page === current ? 'page' : undefined}
              >
                {intl.formatNumber(item.page)}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < total ? (
            <Link className={styles.step} to={withPage(params, current + 1)} rel="next">
              <FormattedMessage id="catalog.pagination.next" defaultMessage="Next" />
              <Icon icon={ChevronRight} size={20} />
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
