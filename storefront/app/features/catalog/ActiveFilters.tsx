import { X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import type { FacetGroup } from './facetGroups';
import { PRICE_CODE, withFilterRemoved, withFiltersCleared } from './listingParams';
import { PriceRangeLabel } from './PriceRangeLabel';
import styles from './ActiveFilters.module.css';

interface ActiveFiltersProps {
  groups: readonly FacetGroup[];
  params: URLSearchParams;
  currency: string | null;
}

/** The chosen filters as removable chips; links, so they also work before hydration. */
export function ActiveFilters({ groups, params, currency }: ActiveFiltersProps) {
  const intl = useIntl();
  const active = groups.filter((group) => group.selected.length > 0);
  if (active.length === 0) return null;
  return (
    <div className={styles.bar}>
      <h2 className="visually-hidden">
        <FormattedMessage id="catalog.activeFilters.heading" defaultMessage="Active filters" />
      </h2>
      <ul className={styles.chips}>
        {active.flatMap((group) =>
          group.options
            .filter((option) => option.selected)
            .map((option) => {
              const label =
                group.code === PRICE_CODE ? (
                  <PriceRangeLabel value={option.value} currency={currency} fallback={option.label} />
                ) : (
                  option.label
                );
              return (
                <li key={`${group.code}:${option.value}`}>
                  <Link
                    className={styles.chip}
                    to={withFilterRemoved(params, group.code, option.value)}
                    preventScrollReset
                    aria-label={intl.formatMessage(
                      { id: 'catalog.activeFilters.remove', defaultMessage: 'Remove filter {group}: {value}' },
                      {
                        group: group.label,
                        value: group.code === PRICE_CODE ? option.value.replace('_', '–') : option.label,
                      },
                    )}
                  >
                    <span className={styles.group}>{group.label}:</span> {label}
                    <Icon icon={X} size={16} />
                  </Link>
                </li>
              );
            }),
        )}
      </ul>
      <Link
        className={styles.clear}
        to={withFiltersCleared(
          params,
          active.map((group) => group.code),
        )}
        preventScrollReset
      >
        <FormattedMessage id="catalog.activeFilters.clearAll" defaultMessage="Clear all" />
      </Link>
    </div>
  );
}
