import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { AdminOrderStatus } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { ORDER_STATUSES, formatDateTime, formatMoney, statusLabel } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading, StatusBadge } from '../common/ui';

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

function isStatus(value: string | null): value is AdminOrderStatus {
  return value !== null && (STATUSES as string[]).includes(value);
}

export function OrdersPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : '';
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : '';
  const page = pageFrom(params);
  const filtered = Boolean(search || status || from || to);

  const { data, error, loading, refetch } = useQuery(OrdersQuery, {
    filter: {
      search: search || null,
      status,
      createdFrom: from || null,
      createdTo: to || null,
    },
    page,
    pageSize: PAGE_SIZE,
  });

  const [draft, setDraft] = useState({ search, status: status ?? '', from, to });
  const [draftKey, setDraftKey] = useState(params.toString());
  // Back / forward changed the URL: the form shows what the list shows.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft({ search, status: status ?? '', from, to });
  }
  const rangeError =
    draft.from && draft.to && draft.from > draft.to
      ? intl.formatMessage({
          id: 'backoffice.orders.rangeError',
          defaultMessage: 'The end date is before the start date.',
        })
      : null;
  const loadingLabel = intl.formatMessage({ id: 'backoffice.orders.loading', defaultMessage: 'Loading orders…' });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (rangeError) return;
    const next = new URLSearchParams();
    if (draft.search.trim()) next.set('q', draft.search.trim());
    if (draft.status) next.set('status', draft.status);
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    setParams(next);
  };

  const orders = data?.orders;
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.orders.title', defaultMessage: 'Orders' })}>
        <FormattedMessage id="backoffice.orders.title" defaultMessage="Orders" />
      </PageHeading>
      <form
        className="bo-filters"
        onSubmit={apply}
        role="search"
        aria-label={intl.formatMessage({ id: 'backoffice.orders.filters', defaultMessage: 'Filter orders' })}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage({
            id: 'backoffice.orders.searchHint',
            defaultMessage: 'Order number, e-mail or name',
          })}
          type="search"
          name="q"
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
        <Select
          label={intl.formatMessage({ id: 'backoffice.orders.status', defaultMessage: 'Status' })}
          name="status"
          placeholder={intl.formatMessage({ id: 'backoffice.orders.anyStatus', defaultMessage: 'Any status' })}
          options={STATUSES.map((value) => ({ value, label: statusLabel(intl, value) }))}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.orders.placedFrom', defaultMessage: 'Placed from' })}
          type="date"
          name="from"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.orders.placedUntil', defaultMessage: 'Placed until' })}
          type="date"
          name="to"
          value={draft.to}
          error={rangeError ?? undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <div className="bo-filter-actions">
          <Button type="submit">
            <FormattedMessage id="backoffice.filters.apply" defaultMessage="Apply filters" />
          </Button>
          {filtered && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              <FormattedMessage id="backoffice.filters.clear" defaultMessage="Clear filters" />
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? loadingLabel
          : orders
            ? filtered
              ? intl.formatMessage(
                  {
                    id: 'backoffice.orders.countFiltered',
                    defaultMessage:
                      '{count, plural, one {{count} order matches the filters} other {{count} orders match the filters}}',
                  },
                  { count: orders.totalCount },
                )
              : intl.formatMessage(
                  {
                    id: 'backoffice.orders.count',
                    defaultMessage: '{count, plural, one {{count} order} other {{count} orders}}',
                  },
                  { count: orders.totalCount },
                )
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!orders && loading && <Loading label={loadingLabel} />}
      {orders && orders.items.length === 0 && (
        <EmptyState>
          {filtered ? (
            <FormattedMessage id="backoffice.orders.noneMatch" defaultMessage="No orders match these filters." />
          ) : (
            <FormattedMessage id="backoffice.orders.none" defaultMessage="No orders yet." />
          )}
        </EmptyState>
      )}
      {orders && orders.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              <FormattedMessage
                id="backoffice.orders.caption"
                defaultMessage="Orders, newest first, page {page} of {totalPages}"
                values={{ page: orders.page, totalPages: orders.totalPages }}
              />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="backoffice.orders.column.order" defaultMessage="Order" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.orders.column.placed" defaultMessage="Placed" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.orders.column.customer" defaultMessage="Customer" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.orders.status" defaultMessage="Status" />
                </th>
                <th scope="col" className="bo-num">
                  <FormattedMessage id="backoffice.orders.column.items" defaultMessage="Items" />
                </th>
                <th scope="col" className="bo-num">
                  <FormattedMessage id="backoffice.orders.column.total" defaultMessage="Total" />
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.items.map((order) => (
                <tr key={order.number}>
                  <th scope="row">
                    <Link to={`/orders/${encodeURIComponent(order.number)}`}>{order.number}</Link>
                  </th>
                  <td>{formatDateTime(intl, order.createdAt)}</td>
                  <td>
                    {order.customerName}
                    <br />
                    <span className="bo-muted">{order.email}</span>
                  </td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className="bo-num">{order.itemCount}</td>
                  <td className="bo-num">{formatMoney(intl, order.grandTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {orders && (
        <Pager
          page={orders.page}
          totalPages={orders.totalPages}
          label={intl.formatMessage({ id: 'backoffice.orders.pages', defaultMessage: 'Order pages' })}
        />
      )}
    </>
  );
}
