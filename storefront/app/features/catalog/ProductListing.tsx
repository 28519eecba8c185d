import { useApolloClient, useQuery } from '@apollo/client/react';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { describeError } from '../../data/errors';
import { usePreparedQuery } from '../../data/preparedQuery';
import { useHydrated } from '../../shared/useHydrated';
import { Button, buttonClassName } from '@vela/ui/Button';
import { Drawer } from '@vela/ui/Drawer';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { ActiveFilters } from './ActiveFilters';
import { type AggregationLike, facetGroups, facetSwatches } from './facetGroups';
import { ListingFilters } from './ListingFilters';
import { CatalogFacetsQuery, CatalogListingQuery } from './listingQueries';
import {
  PAGE_PARAM,
  SEARCH_PARAM,
  SORT_PARAM,
  defaultSortKey,
  parseListingState,
  withFilterRemoved,
  withFiltersCleared,
  withFilterToggled,
  withSort,
} from './listingParams';
import type { ProductListingData } from './loadProductListing';
import { Pagination } from './Pagination';
import { cardVariant } from './cardVariant';
import { ProductCard, type ProductCardActions } from './ProductCard';
import { sortOptions } from './sortOptions';
import styles from './ProductListing.module.css';

/** The filter sidebar; on phones the Filters control links to it until the drawer can open. */
const FILTERS_ID = 'listing-filters';

// Cards in the first row are above the fold on every layout.
const PRIORITY_CARDS = 4;

interface ProductListingProps {
  listing: ProductListingData;
  /** Shown when the unfiltered listing has no products at all. */
  empty?: ReactNode;
  /** Actions under each card (the cart's add-to-cart), composed in by the route. */
  renderCardActions?: (product: CatalogProductCardFieldsFragment) => ProductCardActions;
}

/** The grid, filters, sort and pagination shared by category pages and search results. */
export function ProductListing({ listing, empty, renderCardActions }: ProductListingProps) {
  const { base, state, variables, baseFacets, facets } = listing;
  const intl = useIntl();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hydrated = useHydrated();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);

  usePreparedQuery(CatalogListingQuery, variables);
  usePreparedQuery(CatalogFacetsQuery, baseFacets);
  const { data, error } = useQuery(CatalogListingQuery, { variables, fetchPolicy: 'cache-first' });
  const { data: unfiltered } = useQuery(CatalogFacetsQuery, { variables: baseFacets, fetchPolicy: 'cache-first' });

  const products = data?.products;
  const items = (products?.items ?? []).filter((item) => item !== null);
  const totalCount = products?.total_count ?? listing.totalCount;
  const currency = items[0]?.price_range.minimum_price.final_price.currency ?? null;

  // The loader put every facet query in the cache; reading them here avoids a hook per facet.
  const own: Record<string, AggregationLike | null | undefined> = {};
  for (const facet of facets) {
    const result = client.readQuery({ query: CatalogFacetsQuery, variables: facet.variables });
    own[facet.code] = result?.products?.aggregations?.find((a) => a?.attribute_code === facet.code);
  }
  const groups = facetGroups(
    unfiltered?.products?.aggregations ?? [],
    products?.aggregations ?? [],
    own,
    state.filters,
    totalCount,
  );
  const swatches = facetSwatches(unfiltered?.products?.filters);
  const activeCodes = groups.filter((g) => g.selected.length > 0).map((g) => g.code);
  const selectedCount = groups.reduce((sum, g) => sum + g.selected.length, 0);

  // Dim the current results while the next ones for this same page load.
  const pending = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  // Controls show where the shopper is going, not where the results still are, and quick
  // successive clicks build on each other instead of undoing one another.
  const pendingSearch = pending ? navigation.location.search : location.search;
  const intended = useMemo(() => new URLSearchParams(pendingSearch), [pendingSearch]);
  const intendedFilters = parseListingState(intended, new Set(groups.map((g) => g.code))).filters;
  const shownGroups = pending
    ? groups.map((g) => {
        const chosen = intendedFilters[g.code] ?? [];
        return {
          ...g,
          selected: [...chosen],
          options: g.options.map((o) => ({ ...o, selected: chosen.includes(o.value) })),
        };
      })
    : groups;

  const go = (search: string) => navigate({ pathname: location.pathname, search }, { preventScrollReset: true });
  const onToggle = (code: string, value: string) => go(withFilterToggled(intended, code, value));
  const onClear = (code: string) => go(withFilterRemoved(intended, code));

  const defaultKey = defaultSortKey(base);
  const sorts = sortOptions(products?.sort_fields?.options, defaultKey);
  const intendedSort = intended.get('sort');
  const shownSort = pending
    ? (sorts.find((o) => o.key === intendedSort)?.key ?? defaultKey)
    : (state.sort ?? defaultKey);

  if (!products) {
    return (
      <p role="alert" className={styles.error}>
        {describeError(error).message}
      </p>
    );
  }

  const countText = intl.formatMessage(
    {
      id: 'catalog.listing.count',
      defaultMessage: '{count, plural, =0 {No products} one {# product} other {# products}}',
    },
    { count: totalCount },
  );
  // What a filter form submitted without JavaScript must carry over: the search term and the sort.
  const keepForFilters = [SEARCH_PARAM, SORT_PARAM].flatMap((name) => {
    const value = params.get(name);
    return value ? [[name, value] as const] : [];
  });
  // The sort form carries the filters and the search term; a new order starts at page 1.
  const keepForSort = [...params].filter(([name]) => name !== SORT_PARAM && name !== PAGE_PARAM);
  const filterButtonLabel = (
    <>
      <Icon icon={SlidersHorizontal} size={20} />
      <FormattedMessage
        id="catalog.filters.open"
        defaultMessage="{count, plural, =0 {Filters} other {Filters (#)}}"
        values={{ count: selectedCount }}
      />
    </>
  );
  const filters = groups.length > 0 && (
    <ListingFilters
      groups={shownGroups}
      swatches={swatches}
      currency={currency}
      onToggle={onToggle}
      onClear={onClear}
      keep={keepForFilters}
    />
  );

  return (
    <div className={groups.length > 0 ? styles.layout : undefined}>
      {filters && (
        <aside id={FILTERS_ID} className={styles.sidebar} aria-labelledby={filtersHeadingId}>
          <h2 id={filtersHeadingId} className={styles.sidebarHeading}>
            <FormattedMessage id="catalog.filters.heading" defaultMessage="Filters" />
          </h2>
          {filters}
        </aside>
      )}
      <div className={styles.main}>
        <div className={styles.toolbar}>
          <p className={styles.count} role="status">
            {countText}
          </p>
          {filters &&
            (hydrated ? (
              <Button
                variant="secondary"
                className={styles.filterButton}
                onClick={() => setDrawerOpen(true)}
                aria-haspopup="dialog"
              >
                {filterButtonLabel}
              </Button>
            ) : (
              // Until the drawer can open, the same control shows the filter form in the page.
              <a href={`#${FILTERS_ID}`} className={buttonClassName('secondary', styles.filterButton)}>
                {filterButtonLabel}
              </a>
            ))}
          {sorts.length > 1 && totalCount > 1 && (
            // A GET form, so the order can be chosen before the JavaScript has run, or without it.
            <form method="get" className={styles.sortForm} onSubmit={(event) => event.preventDefault()}>
              {keepForSort.map(([name, value], index) => (
                <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
              ))}
              <Select
                className={styles.sort}
                name={SORT_PARAM}
                label={<FormattedMessage id="catalog.sort.label" defaultMessage="Sort by" />}
                value={shownSort}
                options={sorts.map((option) => ({ value: option.key, label: intl.formatMessage(option.message) }))}
                onChange={(event) =>
                  go(withSort(intended, event.target.value === defaultKey ? null : event.target.value))
                }
              />
              {!hydrated && (
                <Button type="submit" variant="secondary" className={styles.sortSubmit}>
                  <FormattedMessage id="catalog.sort.apply" defaultMessage="Sort" />
                </Button>
              )}
            </form>
          )}
        </div>

        <ActiveFilters groups={groups} params={params} currency={currency} />

        <div
          className={pending ? `${styles.results} ${styles.pending}` : styles.results}
          aria-busy={pending || undefined}
        >
          <h2 className="visually-hidden" id={resultsHeadingId}>
            <FormattedMessage id="catalog.listing.products" defaultMessage="Products" />
          </h2>
          {items.length > 0 ? (
            <ul className={styles.grid} aria-labelledby={resultsHeadingId}>
              {items.map((product, index) => (
                <li key={product.uid}>
                  <ProductCard
                    product={product}
                    priority={state.page === 1 && index < PRIORITY_CARDS}
                    actions={renderCardActions?.(product)}
                    variant={'variants' in product ? cardVariant(product, state.filters) : null}
                  />
                </li>
              ))}
            </ul>
          ) : activeCodes.length > 0 ? (
            <div className={styles.empty}>
              <p>
                <FormattedMessage id="catalog.listing.noMatches" defaultMessage="No products match these filters." />
              </p>
              <Link to={withFiltersCleared(params, activeCodes)} preventScrollReset className={styles.emptyAction}>
                <FormattedMessage id="catalog.listing.clearFilters" defaultMessage="Clear filters" />
              </Link>
            </div>
          ) : (
            <div className={styles.empty}>
              {empty ?? (
                <p>
                  <FormattedMessage id="catalog.listing.empty" defaultMessage="There are no products here yet." />
                </p>
              )}
              <Suggestions suggestions={products.suggestions} />
            </div>
          )}
        </div>

        <Pagination current={state.page} total={products.page_info?.total_pages ?? 1} params={params} />
      </div>

      {filters && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          side="left"
          title={<FormattedMessage id="catalog.filters.heading" defaultMessage="Filters" />}
        >
          <ActiveFilters groups={groups} params={params} currency={currency} />
          {filters}
          <div className={styles.drawerFooter}>
            <Button onClick={() => setDrawerOpen(false)} busy={pending} className={styles.showResults}>
              <FormattedMessage
                id="catalog.filters.showResults"
                defaultMessage="{count, plural, =0 {No products} one {Show # product} other {Show # products}}"
                values={{ count: totalCount }}
              />
            </Button>
          </div>
        </Drawer>
      )}
    </div>
  );
}

function Suggestions({ suggestions }: { suggestions: readonly ({ search: string } | null)[] | null | undefined }) {
  const list = (suggestions ?? []).filter((s): s is { search: string } => s !== null && s.search.trim() !== '');
  if (list.length === 0) return null;
  return (
    <p>
      <FormattedMessage id="catalog.listing.didYouMean" defaultMessage="Try searching for:" />{' '}
      {list.map((suggestion, index) => (
        <span key={suggestion.search}>
          {index > 0 && ', '}
          <Link to={`/search?q=${encodeURIComponent(suggestion.search)}`}>{suggestion.search}</Link>
        </span>
      ))}
    </p>
  );
}
