import type {
  MutationSetLowStockThresholdArgs,
  QueryReportArgs,
  ReportKind as ApiReportKind,
} from '../../__generated__/backOfficeResolvers';
import { inputError } from '../../domains/errors';
import type { ReportKind } from '../../domains/reports';
import type { BackOfficeContext } from '../backOfficeContext';

const KINDS: Record<ApiReportKind, ReportKind> = {
  SALES: 'sales',
  PRODUCTS: 'products',
  CATEGORIES: 'categories',
  COUPONS: 'coupons',
  SEARCHES: 'searches',
  LOW_STOCK: 'lowStock',
};
const API_KINDS = Object.fromEntries(Object.entries(KINDS).map(([api, kind]) => [kind, api]));

function storeViewId(raw: string | null | undefined): number | null {
  if (raw == null || raw === '') return null;
  if (!/^\d+$/.test(raw)) throw inputError(`"${raw}" is not a store view id.`);
  return Number(raw);
}

export const reportResolvers = {
  Query: {
    async report(_: unknown, args: QueryReportArgs, context: BackOfficeContext) {
      const { input } = args;
      const table = await context.services.reports.run({
        kind: KINDS[input.kind],
        from: input.from,
        to: input.to,
        period: input.period ? (input.period.toLowerCase() as 'day' | 'week' | 'month') : 'day',
        storeId: storeViewId(input.storeViewId),
        page: input.page ?? 1,
        pageSize: input.pageSize ?? 50,
      });
      return {
        ...table,
        kind: API_KINDS[table.kind],
        columns: table.columns.map((c) => ({ key: c.key, kind: c.kind.toUpperCase() })),
        rows: table.rows.map((row) => row.map(String)),
        totals: table.totals?.map(String) ?? null,
        totalPages: Math.max(1, Math.ceil(table.totalCount / table.pageSize)),
      };
    },
    lowStockThreshold: (_: unknown, __: unknown, context: BackOfficeContext) =>
      context.services.reports.lowStockThreshold(),
  },
  Mutation: {
    setLowStockThreshold: (_: unknown, args: MutationSetLowStockThresholdArgs, context: BackOfficeContext) =>
      context.services.reports.setLowStockThreshold(args.threshold, context.actor),
  },
};
