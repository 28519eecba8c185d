import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { ReportTableFieldsFragment } from '../../__generated__/graphql';
import { formatDateTime } from '../../common/format';
import { type Column, DataTable } from '../../common/list/DataTable';
import { useT } from '../../common/useT';
import { columnMessages, rm } from './reportMessages';

// A report as the API answers it: columns named by key and kind, rows of text. Money arrives in
// minor units of the base currency and is shown in the staff member's language.

type Row = { key: string; cells: readonly string[]; total: boolean };

function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

function cellText(intl: IntlShape, kind: string, key: string, value: string, currency: string): string {
  if (kind === 'MONEY')
    return intl.formatNumber(Number(value) / 10 ** minorDigits(currency), { style: 'currency', currency });
  if (kind === 'COUNT') return intl.formatNumber(Number(value));
  if (key === 'lastSearched') return formatDateTime(intl, value);
  return value;
}

export function ReportTableView({ report, caption }: { report: ReportTableFieldsFragment; caption: string }) {
  const intl = useIntl();
  const t = useT();
  const rows: Row[] = report.rows.map((cells, i) => ({ key: String(i), cells, total: false }));
  if (report.totals) rows.push({ key: 'total', cells: [t(rm.total), ...report.totals.slice(1)], total: true });
  const columns: Column<Row>[] = report.columns.map((column, i) => ({
    key: column.key,
    header: column.key in columnMessages ? t(columnMessages[column.key as keyof typeof columnMessages]) : column.key,
    numeric: column.kind !== 'TEXT',
    rowHeader: i === 0,
    cell: (row: Row) => {
      const value = row.cells[i] ?? '';
      if (row.total && i === 0) return <strong>{value}</strong>;
      const text = cellText(intl, column.kind, column.key, value, report.baseCurrency);
      return row.total ? <strong>{text}</strong> : text;
    },
  }));
  return <DataTable caption={caption} captionVisible columns={columns} rows={rows} rowKey={(row) => row.key} />;
}
