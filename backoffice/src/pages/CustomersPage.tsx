import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
      {locked ? (
        <FormattedMessage id="backoffice.customers.locked" defaultMessage="Locked" />
      ) : (
        <FormattedMessage id="backoffice.customers.active" defaultMessage="Active" />
      )}
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
  const loadingLabel = intl.formatMessage({ id: 'backoffice.customers.loading', defaultMessage: 'Loading customers…' });
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.customers.title', defaultMessage: 'Customers' })}>
        <FormattedMessage id="backoffice.customers.title" defaultMessage="Customers" />
      </PageHeading>
      <form
        className="bo-filters"
        onSubmit={apply}
        role="search"
        aria-label={intl.formatMessage({ id: 'backoffice.customers.searchLabel', defaultMessage: 'Search customers' })}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage({ id: 'backoffice.customers.searchHint', defaultMessage: 'E-mail address or name' })}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="bo-filter-actions">
          <Button type="submit">
            <FormattedMessage id="backoffice.filters.search" defaultMessage="Search" />
          </Button>
          {search && (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              <FormattedMessage id="backoffice.filters.clearSearch" defaultMessage="Clear search" />
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? loadingLabel
          : customers
            ? search
              ? intl.formatMessage(
                  {
                    id: 'backoffice.customers.countSearch',
                    defaultMessage:
                      '{count, plural, one {{count} customer} other {{count} customers}} match “{search}”',
                  },
                  { count: customers.totalCount, search },
                )
              : intl.formatMessage(
                  {
                    id: 'backoffice.customers.count',
                    defaultMessage: '{count, plural, one {{count} customer} other {{count} customers}}',
                  },
                  { count: customers.totalCount },
                )
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!customers && loading && <Loading label={loadingLabel} />}
      {customers && customers.items.length === 0 && (
        <EmptyState>
          {search ? (
            <FormattedMessage id="backoffice.customers.noneMatch" defaultMessage="No customer matches this search." />
          ) : (
            <FormattedMessage id="backoffice.customers.none" defaultMessage="No customer accounts yet." />
          )}
        </EmptyState>
      )}
      {customers && customers.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              <FormattedMessage
                id="backoffice.customers.caption"
                defaultMessage="Customers, newest first, page {page} of {totalPages}"
                values={{ page: customers.page, totalPages: customers.totalPages }}
              />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="backoffice.customers.name" defaultMessage="Name" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.customers.email" defaultMessage="E-mail" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.customers.since" defaultMessage="Customer since" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.customers.account" defaultMessage="Account" />
                </th>
                <th scope="col" className="bo-num">
                  <FormattedMessage id="backoffice.customers.orders" defaultMessage="Orders" />
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
      {customers && (
        <Pager
          page={customers.page}
          totalPages={customers.totalPages}
          label={intl.formatMessage({ id: 'backoffice.customers.pages', defaultMessage: 'Customer pages' })}
        />
      )}
    </>
  );
}
