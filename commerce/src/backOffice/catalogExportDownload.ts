import { PassThrough, Readable } from 'node:stream';
import { exportCatalogCsv } from '../domains/catalogTransfer';
import { recordAudit } from '../domains/audit';
import { roleAllows } from './permissions';
import { sessionTokenOf } from './sessionCookie';
import type { BackOfficeServices } from './backOfficeContext';

// The catalog as Magento's product CSV, downloaded by the browser: a plain GET link, so the
// browser's own download bar shows the progress and a large catalog streams page by page
// instead of being built in memory. The session cookie is SameSite=Strict and limited to
// /admin, so another site cannot make a browser download it; the answer is a read, like the
// products list a viewer may already page through.

export const CATALOG_EXPORT_PATH = '/admin/export/catalog.csv';

function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export async function catalogExportResponse(
  request: Request,
  services: BackOfficeServices,
  client: string | null,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'The catalog export answers GET only.');
  const session = await services.sessions.resolve(sessionTokenOf(request.headers.get('cookie')));
  // A session half-way through sign-in (password given, code not yet) is no session here.
  if (!session || session.row.stage !== 'full') return refuse(401, 'Sign in to the back office to export the catalog.');
  if (!roleAllows(session.staff.role, 'viewer')) return refuse(403, 'Your role may not export the catalog.');
  const at = services.clock();
  // Who took a copy of the catalog, and when: recorded before the first byte leaves.
  const actor = { staffId: session.staff.id, email: session.staff.email, client };
  await recordAudit(services.db, actor, { action: 'catalog.export', entityType: 'catalog', entityId: 'all' }, at);
  const stamp = at.toISOString().slice(0, 10);
  const headers = {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="catalog-${stamp}.csv"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = new PassThrough();
  // A failure half-way destroys the stream: the download ends as failed, never as a short file
  // that looks complete.
  exportCatalogCsv(services.db, body).catch((error: unknown) =>
    body.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
