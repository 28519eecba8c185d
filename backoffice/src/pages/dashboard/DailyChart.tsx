import { useId } from 'react';
import { FormattedMessage, type IntlShape } from 'react-intl';
import type { DashboardQuery } from '../../__generated__/graphql';
import { formatDay, formatMoney } from '../../common/format';
import { EmptyState } from '../../common/ui';

type Daily = DashboardQuery['dashboard']['daily'];

const CHART = { width: 720, height: 220, top: 12, bottom: 28, left: 8, right: 8 };

/** Daily revenue as bars (each with its figures in a <title>), and the same numbers as a table. */
export function DailyChart({ intl, daily }: { intl: IntlShape; daily: Daily }) {
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
