import { defineMessages, type IntlShape, type MessageDescriptor, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { AdminProductType, AdminProductsQuery, AdminStockLevel } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatMoney } from '../common/format';
import type { Column } from '../common/list/DataTable';
import { FilterForm } from '../common/list/FilterForm';
import { ListResults } from '../common/list/ListResults';
import { oneOf, useListFilters } from '../common/list/useListFilters';
import { PageHeading } from '../common/PageHeading';
import { useT } from '../common/useT';
import { ProductMassActions, selectionColumn, useProductSelection } from './products/ProductMassActions';

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
  virtual: { id: 'backoffice.products.virtual', defaultMessage: 'Virtual' },
  downloadable: { id: 'backoffice.products.downloadable', defaultMessage: 'Downloadable' },
  status: { id: 'backoffice.products.status', defaultMessage: 'Status' },
  anyStatus: { id: 'backoffice.products.anyStatus', defaultMessage: 'Any status' },
  enabled: { id: 'backoffice.products.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'backoffice.products.disabled', defaultMessage: 'Disabled' },
  stock: { id: 'backoffice.products.stock', defaultMessage: 'Stock' },
  anyStock: { id: 'backoffice.products.anyStock', defaultMessage: 'Any stock' },
  inStock: { id: 'backoffice.products.inStock', defaultMessage: 'In stock (more than 5)' },
  low: { id: 'backoffice.products.low', defaultMessage: 'Low (1 to 5)' },
  out: { id: 'backoffice.products.out', defaultMessage: 'Out of stock' },
  loading: { id: 'backoffice.products.loading', defaultMessage: 'Loading products…' },
  count: {
    id: 'backoffice.products.count',
    defaultMessage:
      '{count, plural, one {# product} other {# products}}{filtered, select, yes { match the filters} other {}}',
  },
  noMatch: { id: 'backoffice.products.noMatch', defaultMessage: 'No products match these filters.' },
  none: { id: 'backoffice.products.none', defaultMessage: 'No products yet.' },
  caption: {
    id: 'backoffice.products.caption',
    defaultMessage: 'Products, newest first, page {page} of {totalPages}',
  },
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
const TYPES: AdminProductType[] = ['SIMPLE', 'CONFIGURABLE', 'VIRTUAL', 'DOWNLOADABLE'];
const TYPE_LABELS: Record<AdminProductType, MessageDescriptor> = {
  SIMPLE: m.simple,
  CONFIGURABLE: m.configurable,
  VIRTUAL: m.virtual,
  DOWNLOADABLE: m.downloadable,
};
const STOCK_LEVELS: AdminStockLevel[] = ['IN_STOCK', 'LOW', 'OUT'];
const STATUSES = ['enabled', 'disabled'] as const;

type ProductRow = AdminProductsQuery['products']['items'][number];
type Translate = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

function readFilters(params: URLSearchParams) {
  return {
    q: params.get('q') ?? '',
    type: oneOf(TYPES, params.get('type')),
    status: oneOf(STATUSES, params.get('status')),
    stock: oneOf(STOCK_LEVELS, params.get('stock')),
  };
}

function priceText(intl: IntlShape, item: ProductRow): string {
  return item.minPrice.value === item.maxPrice.value
    ? formatMoney(intl, item.minPrice)
    : `${formatMoney(intl, item.minPrice)} – ${formatMoney(intl, item.maxPrice)}`;
}

function productColumns(intl: IntlShape, t: Translate): Column<ProductRow>[] {
  return [
    {
      key: 'product',
      header: t(m.colProduct),
      rowHeader: true,
      cell: (item) => <Link to={`/products/${encodeURIComponent(item.sku)}`}>{item.name}</Link>,
    },
    { key: 'sku', header: t(m.colSku), cell: (item) => item.sku },
    {
      key: 'type',
      header: t(m.type),
      cell: (item) =>
        item.type === 'CONFIGURABLE' ? (
          <>
            {t(m.configurable)}
            <br />
            <span className="bo-muted">{t(m.variants, { count: item.variantCount })}</span>
          </>
        ) : (
          t(TYPE_LABELS[item.type])
        ),
    },
    { key: 'status', header: t(m.status), cell: (item) => (item.enabled ? t(m.enabled) : t(m.disabled)) },
    { key: 'stock', header: t(m.stock), numeric: true, cell: (item) => intl.formatNumber(item.stockQty) },
    { key: 'price', header: t(m.colPrice), numeric: true, cell: (item) => priceText(intl, item) },
  ];
}

export function ProductsPage() {
  const intl = useIntl();
  const t: Translate = (descriptor, values) => intl.formatMessage(descriptor, values);
  const me = useStaff();
  const filters = useListFilters(readFilters);
  const { q, type, stock, status } = filters.current;
  const filter = {
    search: q || null,
    type: type || null,
    stock: stock || null,
    enabled: status === '' ? null : status === 'enabled',
  };
  const { data, error, loading, refetch } = useQuery(ProductsQuery, {
    filter,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const mass = useProductSelection(JSON.stringify(filter));
  const translate = useT();
  const columns = productColumns(intl, t);
  if (me.role !== 'VIEWER') columns.unshift(selectionColumn(translate, mass.selection, mass.toggle));
  return (
    <>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      {me.role !== 'VIEWER' && (
        <p className="bo-action-row">
          <Link to="/products/new">{t(m.newProduct)}</Link>
          <Link to="/products/new?type=configurable">{t(m.newConfigurable)}</Link>
        </p>
      )}
      <FilterForm label={t(m.filterLabel)} filtered={filters.filtered} onSubmit={filters.apply} onClear={filters.clear}>
        <Field label={t(m.search)} hint={t(m.searchHint)} type="search" {...filters.bind('q')} />
        <Select
          label={t(m.type)}
          placeholder={t(m.anyType)}
          options={TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
          {...filters.bind('type')}
        />
        <Select
          label={t(m.status)}
          placeholder={t(m.anyStatus)}
          options={[
            { value: 'enabled', label: t(m.enabled) },
            { value: 'disabled', label: t(m.disabled) },
          ]}
          {...filters.bind('status')}
        />
        <Select
          label={t(m.stock)}
          placeholder={t(m.anyStock)}
          options={[
            { value: 'IN_STOCK', label: t(m.inStock) },
            { value: 'LOW', label: t(m.low) },
            { value: 'OUT', label: t(m.out) },
          ]}
          {...filters.bind('stock')}
        />
      </FilterForm>
      {me.role !== 'VIEWER' && (
        <ProductMassActions
          selection={mass.selection}
          totalCount={data?.products.totalCount ?? 0}
          filter={filter}
          onSelectAll={mass.selectAll}
          onClear={mass.clear}
          onDone={refetch}
        />
      )}
      <ListResults
        list={data?.products}
        loading={loading}
        error={error}
        onRetry={refetch}
        messages={{
          loading: m.loading,
          count: m.count,
          none: m.none,
          noneMatch: m.noMatch,
          caption: m.caption,
          pages: m.pages,
        }}
        filtered={filters.filtered}
        values={{ filtered: filters.filtered ? 'yes' : 'no' }}
        columns={columns}
        rowKey={(item) => item.sku}
      />
    </>
  );
}
