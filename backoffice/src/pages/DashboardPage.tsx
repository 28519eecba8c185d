import { FormattedMessage, useIntl } from 'react-intl';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { AwaitingShipment } from './dashboard/AwaitingShipment';
import { DailyChart } from './dashboard/DailyChart';
import { LowStock } from './dashboard/LowStock';

const DashboardQuery = graphql(`
  query Dashboard {
    dashboard {
      today {
        orders
        revenue {
          value
          currency
        }
      }
      last30Days {
        orders
        revenue {
          value
          currency
        }
      }
      daily {
        date
        orders
        revenue {
          value
          currency
        }
      }
      lowStock {
        sku
        name
        quantity
      }
      awaitingShipment {
        ...OrderSummaryFields
      }
      awaitingShipmentCount
    }
  }
`);

export function DashboardPage() {
  const intl = useIntl();
  const { data, error, loading, refetch } = useQuery(DashboardQuery);
  const dashboard = data?.dashboard;
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.dashboard.title', defaultMessage: 'Dashboard' })}>
        <FormattedMessage id="backoffice.dashboard.title" defaultMessage="Dashboard" />
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!dashboard && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.dashboard.loading', defaultMessage: 'Loading the figures…' })}
        />
      )}
      {dashboard && (
        <>
          <section aria-labelledby="figures-heading">
            <h2 id="figures-heading" className="visually-hidden">
              <FormattedMessage id="backoffice.dashboard.figures" defaultMessage="Sales figures" />
            </h2>
            <dl className="bo-stats bo-stats-large">
              <div>
                <dt>
                  <FormattedMessage id="backoffice.dashboard.ordersToday" defaultMessage="Orders today" />
                </dt>
                <dd>{intl.formatNumber(dashboard.today.orders)}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="backoffice.dashboard.revenueToday" defaultMessage="Revenue today" />
                </dt>
                <dd>{formatMoney(intl, dashboard.today.revenue)}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="backoffice.dashboard.orders30" defaultMessage="Orders, last 30 days" />
                </dt>
                <dd>{intl.formatNumber(dashboard.last30Days.orders)}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="backoffice.dashboard.revenue30" defaultMessage="Revenue, last 30 days" />
                </dt>
                <dd>{formatMoney(intl, dashboard.last30Days.revenue)}</dd>
              </div>
            </dl>
          </section>
          <DailyChart intl={intl} daily={dashboard.daily} />
          <div className="bo-grid-2">
            <AwaitingShipment dashboard={dashboard} />
            <LowStock products={dashboard.lowStock} />
          </div>
        </>
      )}
    </>
  );
}
