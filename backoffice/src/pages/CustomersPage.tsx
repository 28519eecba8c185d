import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { formatDateTime } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';

const CustomersQuery = graphql(`
  query Customers($search: String, $page: Int, $pageSize: Int) {
    customers(search: $search, page: $page, pageSize: $pageSize) {
      items {
        id
        name
        email
        createdAt
        locked
        orderCount
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const PAGE_SIZE = 20;

/** "Locked" or "Active", as a badge: a locked account cannot sign in. */
export function AccountBadge({ locked }: { locked: boolean }) {
  return (
    <span className={`bo-badge ${locked ? 'bo-badge-canceled' : 'bo-badge-complete'}`}>
      {locked ? 'Locked' : 'Active'}
    </span>
  );
}

export function CustomersPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = pageFrom(params);
  const { data, error, loading, refetch } = useQuery(CustomersQuery, {
    search: search || null,
    page,
    pageSize: PAGE_SIZE,
  });

  const [draft, setDraft] = useState(search);
  const [draftKey, setDraftKey] = useState(params.toString());
  // Back / forward changed the URL: the form shows what the list shows.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(search);
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    setParams(next);
  };

  const customers = data?.customers;
  return (
    <>
      <PageHeading title="Customers">Customers</PageHeading>
      <form className="bo-filters" onSubmit={apply} role="search" aria-label="Search customers">
        <Field
          label="Search"
          hint="E-mail address or name"
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="bo-filter-actions">
          <Button type="submit">Search</Button>
          {search && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              Clear search
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? 'Loading customers…'
          : customers
            ? `${customers.totalCount} ${customers.totalCount === 1 ? 'customer' : 'customers'}${search ? ` match “${search}”` : ''}`
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!customers && loading && <Loading label="Loading customers…" />}
      {customers && customers.items.length === 0 && (
        <EmptyState>{search ? 'No customer matches this search.' : 'No customer accounts yet.'}</EmptyState>
      )}
      {customers && customers.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              Customers, newest first, page {customers.page} of {customers.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Customer since</th>
                <th scope="col">Account</th>
                <th scope="col" className="bo-num">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {customers.items.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">
                    <Link to={`/customers/${encodeURIComponent(customer.id)}`}>{customer.name || customer.email}</Link>
                  </th>
                  <td>{customer.email}</td>
                  <td>{formatDateTime(intl, customer.createdAt)}</td>
                  <td>
                    <AccountBadge locked={customer.locked} />
                  </td>
                  <td className="bo-num">{customer.orderCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {customers && <Pager page={customers.page} totalPages={customers.totalPages} label="Customer pages" />}
    </>
  );
}
