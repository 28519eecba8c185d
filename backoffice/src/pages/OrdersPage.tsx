import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { AdminOrderStatus } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { formatDateTime, formatMoney, STATUS_LABELS } from '../common/format';
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
const STATUSES = Object.keys(STATUS_LABELS) as AdminOrderStatus[];
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
  const rangeError = draft.from && draft.to && draft.from > draft.to ? 'The end date is before the start date.' : null;

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
      <PageHeading title="Orders">Orders</PageHeading>
      <form className="bo-filters" onSubmit={apply} role="search" aria-label="Filter orders">
        <Field
          label="Search"
          hint="Order number, e-mail or name"
          type="search"
          name="q"
          value={draft.search}
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
        <Select
          label="Status"
          name="status"
          placeholder="Any status"
          options={STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] ?? value }))}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        />
        <Field
          label="Placed from"
          type="date"
          name="from"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <Field
          label="Placed until"
          type="date"
          name="to"
          value={draft.to}
          error={rangeError ?? undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <div className="bo-filter-actions">
          <Button type="submit">Apply filters</Button>
          {filtered && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              Clear filters
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? 'Loading orders…'
          : orders
            ? orders.totalCount === 1
              ? `1 order${filtered ? ' matches the filters' : ''}`
              : `${orders.totalCount} orders${filtered ? ' match the filters' : ''}`
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!orders && loading && <Loading label="Loading orders…" />}
      {orders && orders.items.length === 0 && (
        <EmptyState>{filtered ? 'No orders match these filters.' : 'No orders yet.'}</EmptyState>
      )}
      {orders && orders.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              Orders, newest first, page {orders.page} of {orders.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col" className="bo-num">
                  Items
                </th>
                <th scope="col" className="bo-num">
                  Total
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
      {orders && <Pager page={orders.page} totalPages={orders.totalPages} label="Order pages" />}
    </>
  );
}
