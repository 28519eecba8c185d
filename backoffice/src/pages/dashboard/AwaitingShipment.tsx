import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { DashboardQuery } from '../../__generated__/graphql';
import { formatDateTime, formatMoney } from '../../common/format';
import { EmptyState, StatusBadge } from '../../common/ui';

type Dashboard = DashboardQuery['dashboard'];

/** The invoiced orders waiting to ship, oldest first, and a link to all of them. */
export function AwaitingShipment({
  dashboard,
}: {
  dashboard: Pick<Dashboard, 'awaitingShipment' | 'awaitingShipmentCount'>;
}) {
  const intl = useIntl();
  return (
    <section aria-labelledby="awaiting-heading" className="bo-card">
      <h2 id="awaiting-heading">
        <FormattedMessage
          id="backoffice.dashboard.awaiting"
          defaultMessage="Waiting to ship ({count})"
          values={{ count: dashboard.awaitingShipmentCount }}
        />
      </h2>
      {dashboard.awaitingShipment.length === 0 ? (
        <EmptyState>
          <FormattedMessage
            id="backoffice.dashboard.awaitingNone"
            defaultMessage="No invoiced order is waiting to ship."
          />
        </EmptyState>
      ) : (
        <ul className="bo-list">
          {dashboard.awaitingShipment.map((order) => (
            <li key={order.number}>
              <Link to={`/orders/${encodeURIComponent(order.number)}`}>
                <FormattedMessage
                  id="backoffice.dashboard.order"
                  defaultMessage="Order {number}"
                  values={{ number: order.number }}
                />
              </Link>{' '}
              <StatusBadge status={order.status} />
              <span className="bo-block bo-muted">
                <FormattedMessage
                  id="backoffice.dashboard.awaitingOrder"
                  defaultMessage="{customer}, {total}, placed {placed}"
                  values={{
                    customer: order.customerName,
                    total: formatMoney(intl, order.grandTotal),
                    placed: formatDateTime(intl, order.createdAt),
                  }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      {dashboard.awaitingShipmentCount > dashboard.awaitingShipment.length && (
        <p>
          <Link to="/orders?status=PROCESSING">
            <FormattedMessage
              id="backoffice.dashboard.allAwaiting"
              defaultMessage="All {count} orders waiting"
              values={{ count: dashboard.awaitingShipmentCount }}
            />
          </Link>
        </p>
      )}
    </section>
  );
}
