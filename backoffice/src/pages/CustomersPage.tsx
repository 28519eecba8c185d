import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Field } from '@vela/ui/Field';
import { graphql } from '../__generated__';
import type { CustomersQuery as CustomersResult } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { formatDateTime } from '../common/format';
import type { Column } from '../common/list/DataTable';
import { FilterForm } from '../common/list/FilterForm';
import { type ListMessages, ListResults } from '../common/list/ListResults';
import { useListFilters } from '../common/list/useListFilters';
import { PageHeading } from '../common/PageHeading';
import { useStaff } from '../api/session';
import { StateBadge } from '../common/ui';

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
        groupName
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const PAGE_SIZE = 20;

const listMessages: ListMessages = defineMessages({
  loading: { id: 'backoffice.customers.loading', defaultMessage: 'Loading customers…' },
  count: {
    id: 'backoffice.customers.count',
    defaultMessage: '{count, plural, one {{count} customer} other {{count} customers}}',
  },
  countFiltered: {
    id: 'backoffice.customers.countSearch',
    defaultMessage: '{count, plural, one {{count} customer} other {{count} customers}} match “{search}”',
  },
  none: { id: 'backoffice.customers.none', defaultMessage: 'No customer accounts yet.' },
  noneMatch: { id: 'backoffice.customers.noneMatch', defaultMessage: 'No customer matches this search.' },
  caption: {
    id: 'backoffice.customers.caption',
    defaultMessage: 'Customers, newest first, page {page} of {totalPages}',
  },
  pages: { id: 'backoffice.customers.pages', defaultMessage: 'Customer pages' },
});

/** "Locked" or "Active", as a badge: a locked account cannot sign in. */
export function AccountBadge({ locked }: { locked: boolean }) {
  return (
    <StateBadge on={!locked}>
      {locked ? (
        <FormattedMessage id="backoffice.customers.locked" defaultMessage="Locked" />
      ) : (
        <FormattedMessage id="backoffice.customers.active" defaultMessage="Active" />
      )}
    </StateBadge>
  );
}

type CustomerRow = CustomersResult['customers']['items'][number];

const readFilters = (params: URLSearchParams) => ({ q: params.get('q') ?? '' });

function useCustomerColumns(): Column<CustomerRow>[] {
  const intl = useIntl();
  return [
    {
      key: 'name',
      header: <FormattedMessage id="backoffice.customers.name" defaultMessage="Name" />,
      rowHeader: true,
      cell: (customer) => (
        <Link to={`/customers/${encodeURIComponent(customer.id)}`}>{customer.name || customer.email}</Link>
      ),
    },
    {
      key: 'email',
      header: <FormattedMessage id="backoffice.customers.email" defaultMessage="E-mail" />,
      cell: (customer) => customer.email,
    },
    {
      key: 'group',
      header: <FormattedMessage id="backoffice.customers.group" defaultMessage="Group" />,
      cell: (customer) => customer.groupName,
    },
    {
      key: 'since',
      header: <FormattedMessage id="backoffice.customers.since" defaultMessage="Customer since" />,
      cell: (customer) => formatDateTime(intl, customer.createdAt),
    },
    {
      key: 'account',
      header: <FormattedMessage id="backoffice.customers.account" defaultMessage="Account" />,
      cell: (customer) => <AccountBadge locked={customer.locked} />,
    },
    {
      key: 'orders',
      header: <FormattedMessage id="backoffice.customers.orders" defaultMessage="Orders" />,
      numeric: true,
      cell: (customer) => customer.orderCount,
    },
  ];
}

export function CustomersPage() {
  const intl = useIntl();
  const filters = useListFilters(readFilters);
  const search = filters.current.q;
  const { data, error, loading, refetch } = useQuery(CustomersQuery, {
    search: search || null,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const columns = useCustomerColumns();
  const me = useStaff();
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.customers.title', defaultMessage: 'Customers' })}>
        <FormattedMessage id="backoffice.customers.title" defaultMessage="Customers" />
      </PageHeading>
      <p className="bo-action-row">
        {me.role !== 'VIEWER' && (
          <Link to="/customers/new">
            <FormattedMessage id="backoffice.customers.new" defaultMessage="New customer" />
          </Link>
        )}
        <Link to="/customer-groups">
          <FormattedMessage id="backoffice.customers.groups" defaultMessage="Customer groups" />
        </Link>
      </p>
      <FilterForm
        label={intl.formatMessage({ id: 'backoffice.customers.searchLabel', defaultMessage: 'Search customers' })}
        filtered={filters.filtered}
        onSubmit={filters.apply}
        onClear={filters.clear}
        submitLabel={<FormattedMessage id="backoffice.filters.search" defaultMessage="Search" />}
        clearLabel={<FormattedMessage id="backoffice.filters.clearSearch" defaultMessage="Clear search" />}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage({ id: 'backoffice.customers.searchHint', defaultMessage: 'E-mail address or name' })}
          type="search"
          {...filters.bind('q')}
        />
      </FilterForm>
      <ListResults
        list={data?.customers}
        loading={loading}
        error={error}
        onRetry={refetch}
        messages={listMessages}
        columns={columns}
        rowKey={(customer) => customer.id}
        filtered={filters.filtered}
        values={{ search }}
      />
    </>
  );
}
