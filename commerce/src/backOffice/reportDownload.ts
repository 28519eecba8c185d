import { PassThrough, Readable } from 'node:stream';
import { recordAudit } from '../domains/audit';
import { DomainError } from '../kernel/domainError';
import { ordersCsv, parseReportKind, reportCsv, type CsvWriter, type ReportPeriod } from '../domains/reports';
import { roleAllows } from './permissions';
import { sessionTokenOf } from './sessionCookie';
import type { BackOfficeServices } from './backOfficeContext';

// A report or the order list as a CSV file: plain GET links, as the catalog export
// (catalogExportDownload.ts), so the browser's download bar shows the progress. The session cookie
// is SameSite=Strict and limited to /admin; the answer is a read a viewer may already page through.
// The request is checked, and the audit entry written, before the first byte leaves: a bad date
// or an export too large is a 400 with the reason, never a half file.

export const REPORT_EXPORT_PATH = '/admin/export/report.csv';
export const ORDER_EXPORT_PATH = '/admin/export/orders.csv';

const PERIODS: readonly ReportPeriod[] = ['day', 'week', 'month'];

function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function storeViewOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) throw new DomainError('input', `"${raw}" is not a store view id.`);
  return Number(raw);
}

async function writerFor(pathname: string, params: URLSearchParams, services: BackOfficeServices) {
  if (pathname === ORDER_EXPORT_PATH) {
    const filter = {
      search: params.get('search'),
      status: params.get('status'),
      createdFrom: params.get('createdFrom'),
      createdTo: params.get('createdTo'),
    };
    return { name: 'orders', what: filter, writer: await ordersCsv(services.db, filter) };
  }
  const kind = parseReportKind(params.get('kind') ?? '');
  const period = (params.get('period') ?? 'day').toLowerCase();
  const found = PERIODS.find((p) => p === period);
  if (!found) throw new DomainError('input', `Unknown period "${period}": use day, week or month.`);
  const request = {
    kind,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    period: found,
    storeId: storeViewOf(params.get('storeViewId')),
  };
  return { name: `report-${kind}`, what: request, writer: await reportCsv(services.db, request) };
}

export async function reportExportResponse(
  request: Request,
  services: BackOfficeServices,
  client: string | null,
): Promise<Response> {
  if (request.method !== 'GET') return refuse(405, 'The export answers GET only.');
  const session = await services.sessions.resolve(sessionTokenOf(request.headers.get('cookie')));
  if (!session || session.row.stage !== 'full') return refuse(401, 'Sign in to the back office to export.');
  if (!roleAllows(session.staff.role, 'viewer')) return refuse(403, 'Your role may not export.');
  const url = new URL(request.url);
  let export_: { name: string; what: unknown; writer: CsvWriter };
  try {
    export_ = await writerFor(url.pathname, url.searchParams, services);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'input') return refuse(400, error.message);
    throw error;
  }
  const at = services.clock();
  const actor = { staffId: session.staff.id, email: session.staff.email, client };
  await recordAudit(
    services.db,
    actor,
    { action: 'report.export', entityType: 'report', entityId: export_.name, after: export_.what },
    at,
  );
  const body = new PassThrough();
  // A failure half-way destroys the stream: the download ends as failed, never as a short file.
  export_
    .writer(body)
    .catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${export_.name}-${at.toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
