import { useId } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
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
      <PageHeading title="Dashboard">Dashboard</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!dashboard && loading && <Loading label="Loading the figures…" />}
      {dashboard && (
        <>
          <section aria-labelledby="figures-heading">
            <h2 id="figures-heading" className="visually-hidden">
              Sales figures
            </h2>
            <dl className="bo-stats bo-stats-large">
              <div>
                <dt>Orders today</dt>
                <dd>{intl.formatNumber(dashboard.today.orders)}</dd>
              </div>
              <div>
                <dt>Revenue today</dt>
                <dd>{formatMoney(intl, dashboard.today.revenue)}</dd>
              </div>
              <div>
                <dt>Orders, last 30 days</dt>
                <dd>{intl.formatNumber(dashboard.last30Days.orders)}</dd>
              </div>
              <div>
                <dt>Revenue, last 30 days</dt>
                <dd>{formatMoney(intl, dashboard.last30Days.revenue)}</dd>
              </div>
            </dl>
          </section>
          <DailyChart intl={intl} daily={dashboard.daily} />
          <div className="bo-grid-2">
            <section aria-labelledby="awaiting-heading" className="bo-card">
              <h2 id="awaiting-heading">Waiting to ship ({dashboard.awaitingShipmentCount})</h2>
              {dashboard.awaitingShipment.length === 0 ? (
                <EmptyState>No invoiced order is waiting to ship.</EmptyState>
              ) : (
                <ul className="bo-list">
                  {dashboard.awaitingShipment.map((order) => (
                    <li key={order.number}>
                      <Link to={`/orders/${encodeURIComponent(order.number)}`}>Order {order.number}</Link>{' '}
                      <StatusBadge status={order.status} />
                      <span className="bo-block bo-muted">
                        {order.customerName}, {formatMoney(intl, order.grandTotal)}, placed{' '}
                        {formatDateTime(intl, order.createdAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {dashboard.awaitingShipmentCount > dashboard.awaitingShipment.length && (
                <p>
                  <Link to="/orders?status=PROCESSING">All {dashboard.awaitingShipmentCount} orders waiting</Link>
                </p>
              )}
            </section>
            <section aria-labelledby="stock-heading" className="bo-card">
              <h2 id="stock-heading">Low stock</h2>
              {dashboard.lowStock.length === 0 ? (
                <EmptyState>No product is running low (5 or fewer left).</EmptyState>
              ) : (
                <table className="bo-table">
                  <caption className="visually-hidden">Products with 5 or fewer left, fewest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">SKU</th>
                      <th scope="col" className="bo-num">
                        Left
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
      <h2 id={`${id}-heading`}>Revenue per day, last 30 days</h2>
      {daily.length === 0 ? (
        <EmptyState>No figures yet.</EmptyState>
      ) : (
        <>
          <svg
            className="bo-chart"
            viewBox={`0 0 ${CHART.width} ${CHART.height}`}
            role="img"
            aria-labelledby={`${id}-title`}
          >
            <title id={`${id}-title`}>
              {`Bar chart of daily revenue from ${formatDay(intl, daily[0]!.date)} to ${formatDay(intl, daily[daily.length - 1]!.date)}: ${total} orders in all. The table below lists each day.`}
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
                    <title>{`${formatDay(intl, day.date)}: ${day.orders} orders, ${formatMoney(intl, day.revenue)}`}</title>
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
          {max === 0 && <p className="bo-muted">No revenue in the last 30 days yet.</p>}
          <details className="bo-details">
            <summary>Show the figures as a table</summary>
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="visually-hidden">Orders and revenue per day</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col" className="bo-num">
                      Orders
                    </th>
                    <th scope="col" className="bo-num">
                      Revenue
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
