import { useQuery } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { CategoryLinks } from '../../shared/CategoryLinks';
import { MoneyText } from './MoneyText';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { orderDate } from './orderDate';
import { OrderStatus } from './OrderStatus';
import {
  ORDERS_PAGE_SIZE,
  type OrderHistoryParams,
  orderHistorySearch,
  orderHistoryVariables,
} from './orderHistoryParams';
import { AccountOrdersQuery } from './orderQueries';
import { waitingPaymentCartId } from '../../shared/unpaidCardOrder';
import styles from './OrderHistory.module.css';

export function OrderHistory({ params }: { params: OrderHistoryParams }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search, setSearch] = useState(params.number);
  const { data, previousData, error, loading } = useQuery(AccountOrdersQuery, {
    variables: orderHistoryVariables(params),
    fetchPolicy: 'cache-first',
  });
  const orders = (data ?? previousData)?.customer?.orders;
  if (!orders) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  const items = orders.items.flatMap((order) => (order ? [order] : []));
  const total = orders.total_count ?? items.length;

  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate(orderHistorySearch({ number: search.trim(), pageSize: ORDERS_PAGE_SIZE }));
  }

  if (total === 0 && !params.number) {
    // Nothing to find yet: a search box would be no help, the shop's categories are.
    return (
      <>
        <h1>
          <FormattedMessage id="account.orders.title" defaultMessage="My orders" />
        </h1>
        <p>
          <FormattedMessage id="account.overview.noOrders" defaultMessage="You have not placed an order yet." />
        </p>
        <CategoryLinks
          label={intl.formatMessage({ id: 'account.orders.categories', defaultMessage: 'Categories to shop' })}
          heading={intl.formatMessage({ id: 'account.orders.startShopping', defaultMessage: 'Start shopping:' })}
        />
      </>
    );
  }

  return (
    <>
      <h1>
        <FormattedMessage id="account.orders.title" defaultMessage="My orders" />
      </h1>
      <form
        role="search"
        aria-label={intl.formatMessage({ id: 'account.orders.searchRegion', defaultMessage: 'Find an order' })}
        onSubmit={submit}
        className={styles.search}
      >
        <Field
          id="orders-number"
          name="number"
          inputMode="numeric"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          label={intl.formatMessage({ id: 'account.orders.searchLabel', defaultMessage: 'Order number' })}
          className={styles.searchField}
        />
        <Button type="submit" variant="secondary">
          <FormattedMessage id="account.orders.search" defaultMessage="Find order" />
        </Button>
      </form>
      <p aria-live="polite" className={styles.count}>
        <FormattedMessage
          id="account.orders.count"
          defaultMessage="{count, plural, =0 {No orders found} one {# order} other {# orders}}"
          values={{ count: total }}
        />
      </p>
      {items.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="account.orders.number" defaultMessage="Order" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.orders.date" defaultMessage="Date" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.orders.status" defaultMessage="Status" />
                </th>
                <th scope="col" className={styles.amount}>
                  <FormattedMessage id="account.orders.total" defaultMessage="Total" />
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/account/orders/${encodeURIComponent(order.number)}`}>
                      <FormattedMessage
                        id="account.orders.link"
                        defaultMessage="#{number}"
                        values={{ number: order.number }}
                      />
                    </Link>
                  </th>
                  <td>
                    <FormattedDate value={orderDate(order.order_date)} dateStyle="medium" />
                  </td>
                  <td>
                    <OrderStatus state={order.state} status={order.status} />
                    {waitingPaymentCartId(order) && (
                      <>
                        {' '}
                        <Link
                          to={`/account/orders/${encodeURIComponent(order.number)}`}
                          aria-label={intl.formatMessage(
                            { id: 'account.orders.finishPayingLabel', defaultMessage: 'Finish paying order #{number}' },
                            { number: order.number },
                          )}
                        >
                          <FormattedMessage id="account.orders.finishPaying" defaultMessage="Finish paying" />
                        </Link>
                      </>
                    )}
                  </td>
                  <td className={styles.amount}>
                    <MoneyText money={order.total?.grand_total} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {items.length < total && (
        <Button
          variant="secondary"
          busy={loading}
          onClick={() =>
            void navigate(orderHistorySearch({ number: params.number, pageSize: params.pageSize + ORDERS_PAGE_SIZE }), {
              preventScrollReset: true,
            })
          }
        >
          <FormattedMessage id="account.orders.loadMore" defaultMessage="Load more orders" />
        </Button>
      )}
    </>
  );
}
