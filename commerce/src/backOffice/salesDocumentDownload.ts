import { roleAllows } from './permissions';
import { sessionTokenOf } from './sessionCookie';
import type { BackOfficeServices } from './backOfficeContext';

// An invoice, packing slip or credit memo as a PDF, downloaded by the browser from a plain GET
// link (as the catalog export): /admin/documents/invoice/000000012.pdf. The session cookie is
// SameSite=Strict and limited to /admin, so another site cannot make a browser fetch it; any
// signed-in role may read it, as it may read the order.

export const SALES_DOCUMENT_PATH =
  /^\/admin\/documents\/(invoice|packing-slip|credit-memo)\/([A-Za-z0-9-]{1,40})\.pdf$/;

const KINDS = { invoice: 'invoice', 'packing-slip': 'packingSlip', 'credit-memo': 'creditMemo' } as const;

function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export async function salesDocumentResponse(request: Request, services: BackOfficeServices): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Documents answer GET only.');
  const match = SALES_DOCUMENT_PATH.exec(new URL(request.url).pathname);
  if (!match) return refuse(404, 'No such document.');
  const session = await services.sessions.resolve(sessionTokenOf(request.headers.get('cookie')));
  if (!session || session.row.stage !== 'full') return refuse(401, 'Sign in to the back office to read documents.');
  if (!roleAllows(session.staff.role, 'viewer')) return refuse(403, 'Your role may not read documents.');
  const kind = KINDS[match[1] as keyof typeof KINDS];
  const printed = await services.documents.print(kind, match[2]!);
  if (!printed) return refuse(404, `There is no ${match[1]!.replace('-', ' ')} ${match[2]!}.`);
  const headers = {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${printed.fileName}"`,
    'Content-Length': String(printed.body.length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(new Uint8Array(printed.body), { status: 200, headers });
}
