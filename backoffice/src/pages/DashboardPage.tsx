import { useId } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { graphql } from '../__generated__';
import type { DashboardQuery as DashboardData } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { formatDateTime, formatDay, formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading, StatusBadge } from '../common/ui';

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

type Dashboard = DashboardData['dashboard'];

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
            <section aria-labelledby="stock-heading" className="bo-card">
              <h2 id="stock-heading">
                <FormattedMessage id="backoffice.dashboard.lowStock" defaultMessage="Low stock" />
              </h2>
              {dashboard.lowStock.length === 0 ? (
                <EmptyState>
                  <FormattedMessage
                    id="backoffice.dashboard.lowStockNone"
                    defaultMessage="No product is running low (5 or fewer left)."
                  />
                </EmptyState>
              ) : (
                <table className="bo-table">
                  <caption className="visually-hidden">
                    <FormattedMessage
                      id="backoffice.dashboard.lowStockCaption"
                      defaultMessage="Products with 5 or fewer left, fewest first"
                    />
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        <FormattedMessage id="backoffice.dashboard.product" defaultMessage="Product" />
                      </th>
                      <th scope="col">
                        <FormattedMessage id="backoffice.dashboard.sku" defaultMessage="SKU" />
                      </th>
                      <th scope="col" className="bo-num">
                        <FormattedMessage id="backoffice.dashboard.left" defaultMessage="Left" />
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {dashboard.lowStock.map((product) => (
                      <tr key={product.sku}>
                        <th scope="row">{product.name}</th>
                        <td>{product.sku}</td>
                        <td className="bo-num">{product.quantity}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </div>
        </>
      )}
    </>
  );
}

const CHART = { width: 720, height: 220, top: 12, bottom: 28, left: 8, right: 8 };

/** Daily revenue as bars (each with its figures in a <title>), and the same numbers as a table. */
function DailyChart({ intl, daily }: { intl: IntlShape; daily: Dashboard['daily'] }) {
  const id = useId();
  const max = Math.max(0, ...daily.map((day) => day.revenue.value));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left - CHART.right) / Math.max(daily.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const total = daily.reduce((sum, day) => sum + day.orders, 0);
  return (
    <section aria-labelledby={`${id}-heading`} className="bo-card">
      <h2 id={`${id}-heading`}>
        <FormattedMessage id="backoffice.dashboard.chart" defaultMessage="Revenue per day, last 30 days" />
      </h2>
      {daily.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="backoffice.dashboard.noFigures" defaultMessage="No figures yet." />
        </EmptyState>
      ) : (
        <>
          <svg
            className="bo-chart"
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="img"
            aria-labelledby={`${id}-title`}
          >
            <title id={`${id}-title`}>
              {intl.formatMessage(
                {
                  id: 'backoffice.dashboard.chartTitle',
                  defaultMessage:
                    'Bar chart of daily revenue from {from} to {to}: {total} orders in all. The table below lists each day.',
                },
                { from: formatDay(intl, daily[0]!.date), to: formatDay(intl, daily[daily.length - 1]!.date), total },
              )}
            </title>
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={CHART.top + plotHeight}
              y2={CHART.top + plotHeight}
              className="bo-chart-axis"
            />
            {daily.map((day, index) => {
              const height = max > 0 ? (day.revenue.value / max) * plotHeight : 0;
              const x = CHART.left + index * slot + (slot - barWidth) / 2;
              return (
                <g key={day.date}>
                  <rect
                    x={x}
                    y={CHART.top + plotHeight - height}
                    width={barWidth}
                    height={Math.max(height, day.orders > 0 ? 1 : 0)}
                    className="bo-chart-bar"
                  >
                    <title>
                      {intl.formatMessage(
                        { id: 'backoffice.dashboard.bar', defaultMessage: '{day}: {orders} orders, {revenue}' },
                        { day: formatDay(intl, day.date), orders: day.orders, revenue: formatMoney(intl, day.revenue) },
                      )}
                    </title>
                  </rect>
                  {(index % 5 === 0 || index === daily.length - 1) && (
                    <text x={x + barWidth / 2} y={CHART.height - 8} textAnchor="middle" className="bo-chart-label">
                      {formatDay(intl, day.date)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          {max === 0 && (
            <p className="bo-muted">
              <FormattedMessage
                id="backoffice.dashboard.noRevenue"
                defaultMessage="No revenue in the last 30 days yet."
              />
            </p>
          )}
          <details className="bo-details">
            <summary>
              <FormattedMessage id="backoffice.dashboard.showTable" defaultMessage="Show the figures as a table" />
            </summary>
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="visually-hidden">
                  <FormattedMessage
                    id="backoffice.dashboard.tableCaption"
                    defaultMessage="Orders and revenue per day"
                  />
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="backoffice.dashboard.day" defaultMessage="Day" />
                    </th>
                    <th scope="col" className="bo-num">
                      <FormattedMessage id="backoffice.dashboard.orders" defaultMessage="Orders" />
                    </th>
                    <th scope="col" className="bo-num">
                      <FormattedMessage id="backoffice.dashboard.revenue" defaultMessage="Revenue" />
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {daily.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{formatDay(intl, day.date, 'long')}</th>
                      <td className="bo-num">{day.orders}</td>
                      <td className="bo-num">{formatMoney(intl, day.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
