import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { AdminOrderStatus, OrderSummaryFieldsFragment } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { ORDER_STATUSES, formatDateTime, formatMoney, statusLabel } from '../common/format';
import type { Column } from '../common/list/DataTable';
import { FilterForm } from '../common/list/FilterForm';
import { type ListMessages, ListResults } from '../common/list/ListResults';
import { oneOf, useListFilters } from '../common/list/useListFilters';
import { PageHeading } from '../common/PageHeading';
import { useStaff } from '../api/session';
import { sm } from './staffOrder/staffOrderMessages';
import { StatusBadge } from '../common/ui';

graphql(`
  fragment OrderSummaryFields on AdminOrderSummary {
    number
    status
    createdAt
    email
    customerName
    itemCount
    grandTotal {
      value
      currency
    }
  }
`);

const OrdersQuery = graphql(`
  query Orders($filter: OrderListFilter, $page: Int, $pageSize: Int) {
    orders(filter: $filter, page: $page, pageSize: $pageSize) {
      items {
        ...OrderSummaryFields
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const PAGE_SIZE = 20;
const STATUSES = ORDER_STATUSES as AdminOrderStatus[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const listMessages: ListMessages = defineMessages({
  loading: { id: 'backoffice.orders.loading', defaultMessage: 'Loading orders…' },
  count: {
    id: 'backoffice.orders.count',
    defaultMessage: '{count, plural, one {{count} order} other {{count} orders}}',
  },
  countFiltered: {
    id: 'backoffice.orders.countFiltered',
    defaultMessage: '{count, plural, one {{count} order matches the filters} other {{count} orders match the filters}}',
  },
  none: { id: 'backoffice.orders.none', defaultMessage: 'No orders yet.' },
  noneMatch: { id: 'backoffice.orders.noneMatch', defaultMessage: 'No orders match these filters.' },
  caption: { id: 'backoffice.orders.caption', defaultMessage: 'Orders, newest first, page {page} of {totalPages}' },
  pages: { id: 'backoffice.orders.pages', defaultMessage: 'Order pages' },
});

const day = (value: string | null) => (DAY.test(value ?? '') ? value! : '');

/** The list's filters as the CSV export reads them (commerce/src/backOffice/reportDownload.ts). */
function exportHref(filters: ReturnType<typeof readFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('search', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('createdFrom', filters.from);
  if (filters.to) params.set('createdTo', filters.to);
  const query = params.toString();
  return `/admin/export/orders.csv${query ? `?${query}` : ''}`;
}

function readFilters(params: URLSearchParams) {
  return {
    q: params.get('q') ?? '',
    status: oneOf(STATUSES, params.get('status')),
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

function useOrderColumns(): Column<OrderSummaryFieldsFragment>[] {
  const intl = useIntl();
  return [
    {
      key: 'order',
      header: <FormattedMessage id="backoffice.orders.column.order" defaultMessage="Order" />,
      rowHeader: true,
      cell: (order) => <Link to={`/orders/${encodeURIComponent(order.number)}`}>{order.number}</Link>,
    },
    {
      key: 'placed',
      header: <FormattedMessage id="backoffice.orders.column.placed" defaultMessage="Placed" />,
      cell: (order) => formatDateTime(intl, order.createdAt),
    },
    {
      key: 'customer',
      header: <FormattedMessage id="backoffice.orders.column.customer" defaultMessage="Customer" />,
      cell: (order) => (
        <>
          {order.customerName}
          <br />
          <span className="bo-muted">{order.email}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: <FormattedMessage id="backoffice.orders.status" defaultMessage="Status" />,
      cell: (order) => <StatusBadge status={order.status} />,
    },
    {
      key: 'items',
      header: <FormattedMessage id="backoffice.orders.column.items" defaultMessage="Items" />,
      numeric: true,
      cell: (order) => order.itemCount,
    },
    {
      key: 'total',
      header: <FormattedMessage id="backoffice.orders.column.total" defaultMessage="Total" />,
      numeric: true,
      cell: (order) => formatMoney(intl, order.grandTotal),
    },
  ];
}

export function OrdersPage() {
  const intl = useIntl();
  const me = useStaff();
  const filters = useListFilters(readFilters);
  const { q, status, from, to } = filters.current;
  const { data, error, loading, refetch } = useQuery(OrdersQuery, {
    filter: { search: q || null, status: status || null, createdFrom: from || null, createdTo: to || null },
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const columns = useOrderColumns();
  const { draft } = filters;
  const rangeError =
    draft.from && draft.to && draft.from > draft.to
      ? intl.formatMessage({
          id: 'backoffice.orders.rangeError',
          defaultMessage: 'The end date is before the start date.',
        })
      : null;

  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.orders.title', defaultMessage: 'Orders' })}>
        <FormattedMessage id="backoffice.orders.title" defaultMessage="Orders" />
      </PageHeading>
      <p className="bo-action-row">
        {me.role !== 'VIEWER' && <Link to="/orders/new">{intl.formatMessage(sm.createOrder)}</Link>}
        <a href={exportHref(filters.current)} download>
          <FormattedMessage id="backoffice.orders.export" defaultMessage="Download these orders as CSV" />
        </a>
      </p>
      <FilterForm
        label={intl.formatMessage({ id: 'backoffice.orders.filters', defaultMessage: 'Filter orders' })}
        filtered={filters.filtered}
        onSubmit={(event) => (rangeError ? event.preventDefault() : filters.apply(event))}
        onClear={filters.clear}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage({
            id: 'backoffice.orders.searchHint',
            defaultMessage: 'Order number, e-mail or name',
          })}
          type="search"
          {...filters.bind('q')}
        />
        <Select
          label={intl.formatMessage({ id: 'backoffice.orders.status', defaultMessage: 'Status' })}
          placeholder={intl.formatMessage({ id: 'backoffice.orders.anyStatus', defaultMessage: 'Any status' })}
          options={STATUSES.map((value) => ({ value, label: statusLabel(intl, value) }))}
          {...filters.bind('status')}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.orders.placedFrom', defaultMessage: 'Placed from' })}
          type="date"
          {...filters.bind('from')}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.orders.placedUntil', defaultMessage: 'Placed until' })}
          type="date"
          error={rangeError ?? undefined}
          {...filters.bind('to')}
        />
      </FilterForm>
      <ListResults
        list={data?.orders}
        loading={loading}
        error={error}
        onRetry={refetch}
        messages={listMessages}
        columns={columns}
        rowKey={(order) => order.number}
        filtered={filters.filtered}
      />
    </>
  );
}
