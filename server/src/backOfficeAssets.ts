import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono, MiddlewareHandler } from 'hono';

// The back office in the browser (backoffice/, a single-page app built by Vite with base /admin/):
// hashed files under /admin/assets/ kept for a year, and index.html for every other /admin page,
// never stored, so a deploy reaches staff at their next page load. /admin/graphql is the back
// office's API and mounted elsewhere; these handlers let it through.
//
// Its pages get their own headers, stricter than the storefront's: the app has no inline script
// and no server render, so scripts and styles come only from files of this origin; no framing,
// no referrer outside the origin, and no search engine indexes it.

/**
 * Where back-office pages may load from: their own files, the QR code as a data: image, images
 * chosen for upload as blob: previews (made by the page's own script), the API.
 */
export const BACK_OFFICE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // React writes style properties through the CSSOM (allowed); no <style> element or attribute in markup.
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': BACK_OFFICE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(), browsing-topics=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};
const HSTS = 'max-age=31536000';
/** The API's path, which these handlers leave to the route mounted for it. */
export const BACK_OFFICE_API_PATH = '/admin/graphql';

export interface BackOfficeOptions {
  /** backoffice/dist: index.html and assets/. */
  buildDir: string;
  /** HSTS goes out only when the shop is served over https. */
  publicUrl: string;
}

/**
 * Mounts the back office's pages and assets on `app`. Mount it before the shop's own security
 * headers: these responses carry their own (stricter) policy and must not get the storefront's.
 */
export function mountBackOffice<E extends Env>(app: Hono<E>, options: BackOfficeOptions): void {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const indexFile = path.join(options.buildDir, 'index.html');
  const withHeaders = (headers: Headers) => {
    for (const [name, value] of Object.entries(PAGE_HEADERS)) headers.set(name, value);
    if (https) headers.set('Strict-Transport-Security', HSTS);
  };

  // Made at the first request that finds a build: serveStatic warns about a missing root.
  let assets: MiddlewareHandler | null = null;
  const assetHandler: MiddlewareHandler<E> = async (c) => {
    // Without a build there is nothing to serve, and serveStatic would warn at every request.
    if (!assets && existsSync(options.buildDir))
      assets = serveStatic({
        root: options.buildDir,
        rewriteRequestPath: (requestPath) => requestPath.replace(/^\/admin/, ''),
      });
    const served = assets ? ((await assets(c, async () => {})) ?? undefined) : undefined;
    const response = served ?? new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    withHeaders(response.headers);
    response.headers.set(
      'Cache-Control',
      response.status === 200 || response.status === 206 ? 'public, max-age=31536000, immutable' : 'no-store',
    );
    return response;
  };
  app.use('/admin/assets/*', assetHandler);

  let cached: { mtimeMs: number; html: string } | null = null;
  const page: MiddlewareHandler<E> = async (c, next) => {
    const path = c.req.path;
    // The API and the downloads (the catalog CSV, the orders' PDFs) are the server's, not pages of the app.
    if (
      path === BACK_OFFICE_API_PATH ||
      path.startsWith(`${BACK_OFFICE_API_PATH}/`) ||
      path.startsWith('/admin/export/') ||
      path.startsWith('/admin/documents/')
    )
      return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let html: string;
    try {
      const { mtimeMs } = await stat(indexFile);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(indexFile, 'utf8') };
      html = cached.html;
    } catch {
      html = '';
    }
    const response = html ? c.html(html) : c.text('The back office is not built yet: run `npm run build`.', 503);
    withHeaders(response.headers);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  };
  app.use('/admin', page);
  app.use('/admin/*', page);
}
