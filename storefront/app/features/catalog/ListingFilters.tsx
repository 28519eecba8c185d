import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHydrated } from '../../shared/useHydrated';
import { Button } from '@vela/ui/Button';
import type { FacetGroup } from './facetGroups';
import { PRICE_CODE } from './listingParams';
import { PriceRangeLabel } from './PriceRangeLabel';
import styles from './ListingFilters.module.css';

// Long lists (colours, materials) start collapsed to this many options.
const INITIAL_OPTIONS = 8;

interface ListingFiltersProps {
  groups: readonly FacetGroup[];
  /** Colour swatches by attribute code and option value (hex). */
  swatches?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  currency: string | null;
  onToggle: (code: string, value: string) => void;
  onClear: (code: string) => void;
  /** Query parameters the form keeps as they are (the search term, the sort). */
  keep: readonly (readonly [string, string])[];
}

/**
 * A GET form: its inputs are named as the listing's URL parameters (`color=49&color=50`), so
 * before the JavaScript has run, or without it, "Apply filters" loads the filtered page from the
 * server. Once hydrated, each change applies at once and the button goes.
 */
export function ListingFilters({ groups, swatches = {}, currency, onToggle, onClear, keep }: ListingFiltersProps) {
  const hydrated = useHydrated();
  return (
    <form method="get" className={styles.filters} onSubmit={(event) => event.preventDefault()}>
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {groups.map((group) => (
        <FilterGroup
          key={group.code}
          group={group}
          swatches={swatches[group.code]}
          currency={currency}
          onToggle={onToggle}
          onClear={onClear}
        />
      ))}
      {!hydrated && (
        <Button type="submit" variant="secondary" className={styles.apply}>
          <FormattedMessage id="catalog.filters.apply" defaultMessage="Apply filters" />
        </Button>
      )}
    </form>
  );
}

function FilterGroup({
  group,
  swatches,
  currency,
  onToggle,
  onClear,
}: {
  group: FacetGroup;
  swatches: Readonly<Record<string, string>> | undefined;
  currency: string | null;
} & Pick<ListingFiltersProps, 'onToggle' | 'onClear'>) {
  const intl = useIntl();
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const isPrice = group.code === PRICE_CODE;
  const hidden = group.options.length - INITIAL_OPTIONS;
  // Selected values never hide behind "show more".
  const visible =
    expanded || hidden <= 1 ? group.options : group.options.filter((o, i) => i < INITIAL_OPTIONS || o.selected);
  return (
    <details className={styles.group} open>
      <summary className={styles.summary}>
        {group.label}
        {group.selected.length > 0 && (
          <span className={styles.selectedCount}>
            <FormattedMessage
              id="catalog.filters.selectedCount"
              defaultMessage="({count, number} selected)"
              values={{ count: group.selected.length }}
            />
          </span>
        )}
      </summary>
      <fieldset className={styles.fieldset}>
        <legend className="visually-hidden">{group.label}</legend>
        <ul className={styles.options} id={`${id}-options`}>
          {isPrice && (
            <li>
              <label className={styles.option}>
                <input
                  type="radio"
                  name={group.code}
                  value=""
                  checked={group.selected.length === 0}
                  onChange={() => onClear(group.code)}
                />
                <span className={styles.label}>
                  <FormattedMessage id="catalog.filters.anyPrice" defaultMessage="Any price" />
                </span>
              </label>
            </li>
          )}
          {visible.map((option) => (
            <li key={option.value}>
              <label className={styles.option}>
                <input
                  type={isPrice ? 'radio' : 'checkbox'}
                  name={group.code}
                  value={option.value}
                  checked={option.selected}
                  onChange={() => onToggle(group.code, option.value)}
                />
                {swatches?.[option.value] && (
                  // The checkbox keeps the name (the colour's label) and the checked state; the dot only shows it.
                  <span
                    className={styles.swatch}
                    style={{ backgroundColor: swatches[option.value] }}
                    aria-hidden="true"
                    data-swatch={swatches[option.value]}
                  />
                )}
                <span className={styles.label}>
                  {isPrice ? (
                    <PriceRangeLabel value={option.value} currency={currency} fallback={option.label} />
                  ) : (
                    option.label
                  )}
                </span>
                {option.count !== null && (
                  <span className={styles.count}>
                    <span className="visually-hidden">
                      {intl.formatMessage(
                        {
                          id: 'catalog.filters.productCount',
                          defaultMessage: '{count, plural, one {# product} other {# products}}',
                        },
                        { count: option.count },
                      )}
                    </span>
                    <span aria-hidden="true">{intl.formatNumber(option.count)}</span>
                  </span>
                )}
              </label>
            </li>
          ))}
        </ul>
        {hidden > 1 && (
          <button
            type="button"
            className={styles.more}
            aria-expanded={expanded}
            aria-controls={`${id}-options`}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? (
              <FormattedMessage id="catalog.filters.showLess" defaultMessage="Show less" />
            ) : (
              <FormattedMessage
                id="catalog.filters.showMore"
                defaultMessage="Show {count, number} more"
                values={{ count: hidden }}
              />
            )}
          </button>
        )}
      </fieldset>
    </details>
  );
}
