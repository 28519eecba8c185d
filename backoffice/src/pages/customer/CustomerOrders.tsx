import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AdminCustomerFieldsFragment as Customer } from '../../__generated__/graphql';
import { formatDateTime, formatMoney } from '../../common/format';
import { type Column, DataTable } from '../../common/list/DataTable';
import { EmptyState, StatusBadge } from '../../common/ui';

type Order = Customer['orders'][number];

function useOrderColumns(): Column<Order>[] {
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

/** The customer's newest orders, and a link to all of them when there are more. */
export function CustomerOrders({ customer }: { customer: Customer }) {
  const columns = useOrderColumns();
  const more = customer.orderCount > customer.orders.length;
  return (
    <section aria-labelledby="customer-orders" className="bo-card">
      <h2 id="customer-orders">
        <FormattedMessage id="backoffice.customer.orders" defaultMessage="Orders" />
      </h2>
      {customer.orders.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="backoffice.orders.none" defaultMessage="No orders yet." />
        </EmptyState>
      ) : (
        <DataTable
          caption={
            more ? (
              <FormattedMessage
                id="backoffice.customer.ordersCaptionSome"
                defaultMessage="The newest {shown} of {count} orders"
                values={{ shown: customer.orders.length, count: customer.orderCount }}
              />
            ) : (
              <FormattedMessage id="backoffice.customer.ordersCaption" defaultMessage="Orders, newest first" />
            )
          }
          columns={columns}
          rows={customer.orders}
          rowKey={(order) => order.number}
        />
      )}
      {more && (
        <p className="bo-muted">
          <FormattedMessage
            id="backoffice.customer.ordersShown"
            defaultMessage="The newest {shown} of {count} orders are shown."
            values={{ shown: customer.orders.length, count: customer.orderCount }}
          />{' '}
          <Link to={`/orders?q=${encodeURIComponent(customer.email)}`}>
            <FormattedMessage id="backoffice.customer.allOrders" defaultMessage="All orders with this e-mail address" />
          </Link>
        </p>
      )}
    </section>
  );
}
