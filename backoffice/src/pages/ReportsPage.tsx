import { Select } from '@vela/ui/Select';
import { Field } from '@vela/ui/Field';
import { graphql } from '../__generated__';
import type { ReportKind, ReportPeriod } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { FilterForm } from '../common/list/FilterForm';
import { oneOf, useListFilters } from '../common/list/useListFilters';
import { PageHeading } from '../common/PageHeading';
import { Pager } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { LowStockThresholdForm } from './reports/LowStockThresholdForm';
import { rm } from './reports/reportMessages';
import { ReportTableView } from './reports/ReportTableView';

// The merchant's reports (issue 36, point 9): one page, the report and its days in the URL, the
// same figures as a CSV download (a plain GET link the session cookie authorises, served by
// commerce/src/backOffice/reportDownload.ts). Everyone reads; owners set the low-stock threshold.

graphql(`
  fragment ReportTableFields on ReportTable {
    kind
    columns {
      key
      kind
    }
    rows
    totals
    baseCurrency
    timeZone
    totalCount
    page
    totalPages
  }
`);

const ReportQuery = graphql(`
  query Report($input: ReportInput!) {
    report(input: $input) {
      ...ReportTableFields
    }
    lowStockThreshold
    storeViews {
      stores {
        id
        name
      }
    }
  }
`);

const KINDS: readonly ReportKind[] = ['SALES', 'PRODUCTS', 'CATEGORIES', 'COUPONS', 'SEARCHES', 'LOW_STOCK'];
const PERIODS: readonly ReportPeriod[] = ['DAY', 'WEEK', 'MONTH'];
const PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The last 30 days, today included, until the staff member picks others. */
function defaultRange() {
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
  return { from: localDay(start), to: localDay(today) };
}

function readFilters(params: URLSearchParams) {
  const range = defaultRange();
  const day = (value: string | null, fallback: string) => (DAY.test(value ?? '') ? value! : fallback);
  return {
    kind: oneOf(KINDS, params.get('kind')) || 'SALES',
    from: day(params.get('from'), range.from),
    to: day(params.get('to'), range.to),
    period: oneOf(PERIODS, params.get('period')) || 'DAY',
    store: /^\d+$/.test(params.get('store') ?? '') ? params.get('store')! : '',
  };
}

function exportHref(filters: ReturnType<typeof readFilters>): string {
  const params = new URLSearchParams({
    kind: filters.kind === 'LOW_STOCK' ? 'lowStock' : filters.kind.toLowerCase(),
    from: filters.from,
    to: filters.to,
    period: filters.period.toLowerCase(),
  });
  if (filters.store) params.set('storeViewId', filters.store);
  return `/admin/export/report.csv?${params.toString()}`;
}

export function ReportsPage() {
  const t = useT();
  const me = useStaff();
  const filters = useListFilters(readFilters);
  const current = filters.current;
  const kind = current.kind;
  const { data, error, loading, refetch } = useQuery(ReportQuery, {
    input: {
      kind,
      from: current.from,
      to: current.to,
      period: current.period,
      storeViewId: current.store || null,
      page: filters.page,
      pageSize: PAGE_SIZE,
    },
  });
  const { draft } = filters;
  const rangeError = draft.from && draft.to && draft.from > draft.to ? t(rm.rangeError) : null;
  const report = data?.report;
  const kindLabel = t(rm[`kind${kind}`]);
  const stores = data?.storeViews.stores ?? [];
  return (
    <>
      <PageHeading title={t(rm.title)}>{t(rm.title)}</PageHeading>
      <p className="bo-muted">
        {t(rm.intro, { timeZone: report?.timeZone ?? '…', currency: report?.baseCurrency ?? '…' })}
      </p>
      <FilterForm
        label={t(rm.filters)}
        filtered={false}
        submitLabel={t(rm.show)}
        onSubmit={(event) => (rangeError ? event.preventDefault() : filters.apply(event))}
        onClear={filters.clear}
      >
        <Select
          label={t(rm.kind)}
          options={KINDS.map((value) => ({ value, label: t(rm[`kind${value}`]) }))}
          {...filters.bind('kind')}
        />
        <Field label={t(rm.from)} type="date" {...filters.bind('from')} />
        <Field label={t(rm.to)} type="date" error={rangeError ?? undefined} {...filters.bind('to')} />
        {draft.kind === 'SALES' && (
          <Select
            label={t(rm.period)}
            options={PERIODS.map((value) => ({ value, label: t(rm[`period${value}`]) }))}
            {...filters.bind('period')}
          />
        )}
        <Select
          label={t(rm.storeView)}
          placeholder={t(rm.allStoreViews)}
          options={stores.map((s) => ({ value: s.id, label: s.name }))}
          {...filters.bind('store')}
        />
      </FilterForm>
      {kind === 'LOW_STOCK' && data && (
        <LowStockThresholdForm
          key={data.lowStockThreshold}
          threshold={data.lowStockThreshold}
          canChange={me.role === 'OWNER'}
          onSaved={refetch}
        />
      )}
      <p className="bo-action-row">
        <a href={exportHref(current)} download>
          {t(rm.download)}
        </a>
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {loading && <Loading label={t(rm.loading)} />}
      {report && report.rows.length === 0 && <EmptyState>{t(rm.none)}</EmptyState>}
      {report && report.rows.length > 0 && (
        <>
          <p className="bo-muted" aria-live="polite">
            {t(rm.count, { count: report.totalCount })}
          </p>
          <ReportTableView
            report={report}
            caption={
              kind === 'LOW_STOCK'
                ? t(rm.captionLowStock, { report: kindLabel, threshold: data.lowStockThreshold })
                : t(rm.caption, { report: kindLabel, from: current.from, to: current.to })
            }
          />
          <Pager page={report.page} totalPages={report.totalPages} label={t(rm.pages)} />
        </>
      )}
    </>
  );
}
