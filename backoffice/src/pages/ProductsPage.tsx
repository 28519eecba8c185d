import { type FormEvent, useState } from 'react';
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { AdminProductType, AdminStockLevel } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';

const ProductsQuery = graphql(`
  query AdminProducts($filter: AdminProductFilter, $page: Int, $pageSize: Int) {
    products(filter: $filter, page: $page, pageSize: $pageSize) {
      items {
        sku
        name
        type
        enabled
        stockQty
        variantCount
        minPrice {
          value
          currency
        }
        maxPrice {
          value
          currency
        }
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const m = defineMessages({
  title: { id: 'backoffice.products.title', defaultMessage: 'Products' },
  newProduct: { id: 'backoffice.products.new', defaultMessage: 'New product' },
  newConfigurable: { id: 'backoffice.products.newConfigurable', defaultMessage: 'New configurable product' },
  filterLabel: { id: 'backoffice.products.filterLabel', defaultMessage: 'Filter products' },
  search: { id: 'backoffice.products.search', defaultMessage: 'Search' },
  searchHint: { id: 'backoffice.products.searchHint', defaultMessage: 'SKU or name' },
  type: { id: 'backoffice.products.type', defaultMessage: 'Type' },
  anyType: { id: 'backoffice.products.anyType', defaultMessage: 'Any type' },
  simple: { id: 'backoffice.products.simple', defaultMessage: 'Simple' },
  configurable: { id: 'backoffice.products.configurable', defaultMessage: 'Configurable' },
  status: { id: 'backoffice.products.status', defaultMessage: 'Status' },
  anyStatus: { id: 'backoffice.products.anyStatus', defaultMessage: 'Any status' },
  enabled: { id: 'backoffice.products.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'backoffice.products.disabled', defaultMessage: 'Disabled' },
  stock: { id: 'backoffice.products.stock', defaultMessage: 'Stock' },
  anyStock: { id: 'backoffice.products.anyStock', defaultMessage: 'Any stock' },
  inStock: { id: 'backoffice.products.inStock', defaultMessage: 'In stock (more than 5)' },
  low: { id: 'backoffice.products.low', defaultMessage: 'Low (1 to 5)' },
  out: { id: 'backoffice.products.out', defaultMessage: 'Out of stock' },
  apply: { id: 'backoffice.products.apply', defaultMessage: 'Apply filters' },
  clear: { id: 'backoffice.products.clear', defaultMessage: 'Clear filters' },
  loading: { id: 'backoffice.products.loading', defaultMessage: 'Loading products…' },
  count: {
    id: 'backoffice.products.count',
    defaultMessage:
      '{count, plural, one {# product} other {# products}}{filtered, select, yes { match the filters} other {}}',
  },
  noMatch: { id: 'backoffice.products.noMatch', defaultMessage: 'No products match these filters.' },
  none: { id: 'backoffice.products.none', defaultMessage: 'No products yet.' },
  caption: { id: 'backoffice.products.caption', defaultMessage: 'Products, newest first, page {page} of {pages}' },
  colProduct: { id: 'backoffice.products.colProduct', defaultMessage: 'Product' },
  colSku: { id: 'backoffice.products.colSku', defaultMessage: 'SKU' },
  colPrice: { id: 'backoffice.products.colPrice', defaultMessage: 'Price' },
  variants: {
    id: 'backoffice.products.variants',
    defaultMessage: '{count, plural, one {# variant} other {# variants}}',
  },
  pages: { id: 'backoffice.products.pages', defaultMessage: 'Product pages' },
});

const PAGE_SIZE = 20;
const TYPES: AdminProductType[] = ['SIMPLE', 'CONFIGURABLE'];
const STOCK_LEVELS: AdminStockLevel[] = ['IN_STOCK', 'LOW', 'OUT'];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

export function ProductsPage() {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const type = oneOf(TYPES, params.get('type'));
  const stock = oneOf(STOCK_LEVELS, params.get('stock'));
  const status = oneOf(['enabled', 'disabled'] as const, params.get('status'));
  const page = pageFrom(params);
  const filtered = Boolean(search || type || stock || status);

  const { data, error, loading, refetch } = useQuery(ProductsQuery, {
    filter: { search: search || null, type, stock, enabled: status === null ? null : status === 'enabled' },
    page,
    pageSize: PAGE_SIZE,
  });

  const current = { search, type: type ?? '', stock: stock ?? '', status: status ?? '' };
  const [draft, setDraft] = useState(current);
  const [draftKey, setDraftKey] = useState(params.toString());
  // Back / forward changed the URL: the form shows what the list shows.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(current);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.search.trim()) next.set('q', draft.search.trim());
    if (draft.type) next.set('type', draft.type);
    if (draft.status) next.set('status', draft.status);
    if (draft.stock) next.set('stock', draft.stock);
    setParams(next);
  };

  const products = data?.products;
  const price = (item: NonNullable<typeof products>['items'][number]) =>
    item.minPrice.value === item.maxPrice.value
      ? formatMoney(intl, item.minPrice)
      : `${formatMoney(intl, item.minPrice)} – ${formatMoney(intl, item.maxPrice)}`;
  return (
    <>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      {me.role !== 'VIEWER' && (
        <p className="bo-action-row">
          <Link to="/products/new">{t(m.newProduct)}</Link>
          <Link to="/products/new?type=configurable">{t(m.newConfigurable)}</Link>
        </p>
      )}
      <form className="bo-filters" onSubmit={apply} role="search" aria-label={t(m.filterLabel)}>
        <Field
          label={t(m.search)}
          hint={t(m.searchHint)}
          type="search"
          name="q"
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
        <Select
          label={t(m.type)}
          name="type"
          placeholder={t(m.anyType)}
          options={[
            { value: 'SIMPLE', label: t(m.simple) },
            { value: 'CONFIGURABLE', label: t(m.configurable) },
          ]}
          value={draft.type}
          onChange={(event) => setDraft({ ...draft, type: event.target.value })}
        />
        <Select
          label={t(m.status)}
          name="status"
          placeholder={t(m.anyStatus)}
          options={[
            { value: 'enabled', label: t(m.enabled) },
            { value: 'disabled', label: t(m.disabled) },
          ]}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        />
        <Select
          label={t(m.stock)}
          name="stock"
          placeholder={t(m.anyStock)}
          options={[
            { value: 'IN_STOCK', label: t(m.inStock) },
            { value: 'LOW', label: t(m.low) },
            { value: 'OUT', label: t(m.out) },
          ]}
          value={draft.stock}
          onChange={(event) => setDraft({ ...draft, stock: event.target.value })}
        />
        <div className="bo-filter-actions">
          <Button type="submit">{t(m.apply)}</Button>
          {filtered && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              {t(m.clear)}
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? t(m.loading)
          : products
            ? t(m.count, { count: products.totalCount, filtered: filtered ? 'yes' : 'no' })
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!products && loading && <Loading label={t(m.loading)} />}
      {products && products.items.length === 0 && <EmptyState>{t(filtered ? m.noMatch : m.none)}</EmptyState>}
      {products && products.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              {t(m.caption, { page: products.page, pages: products.totalPages })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t(m.colProduct)}</th>
                <th scope="col">{t(m.colSku)}</th>
                <th scope="col">{t(m.type)}</th>
                <th scope="col">{t(m.status)}</th>
                <th scope="col" className="bo-num">
                  {t(m.stock)}
                </th>
                <th scope="col" className="bo-num">
                  {t(m.colPrice)}
                </th>
              </tr>
            </thead>
            <tbody>
              {products.items.map((item) => (
                <tr key={item.sku}>
                  <th scope="row">
                    <Link to={`/products/${encodeURIComponent(item.sku)}`}>{item.name}</Link>
                  </th>
                  <td>{item.sku}</td>
                  <td>
                    {item.type === 'CONFIGURABLE' ? t(m.configurable) : t(m.simple)}
                    {item.type === 'CONFIGURABLE' && (
                      <>
                        <br />
                        <span className="bo-muted">{t(m.variants, { count: item.variantCount })}</span>
                      </>
                    )}
                  </td>
                  <td>{item.enabled ? t(m.enabled) : t(m.disabled)}</td>
                  <td className="bo-num">{intl.formatNumber(item.stockQty)}</td>
                  <td className="bo-num">{price(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {products && <Pager page={products.page} totalPages={products.totalPages} label={t(m.pages)} />}
    </>
  );
}
