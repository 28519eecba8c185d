import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { withScriptHashes } from './cachedPageCsp';
import {
  NO_PAYMENT_ORIGINS,
  paymentOrigins,
  paymentPermission,
  type PaymentOrigins,
  type PaymentProviderSwitches,
} from './paymentProviderOrigins';

// Headers that limit what a page can be made to do: no MIME sniffing, no framing
// (clickjacking), referrers trimmed to the origin across sites, no powerful browser features,
// and a Content-Security-Policy whose scripts are the shop's own files plus the inline scripts
// the server render emitted with this response's nonce. Styles may be inline: components set
// style attributes, and an injected style cannot run code.

export interface SecurityHeaderOptions {
  /** HSTS is sent only when this is https: a browser would otherwise refuse the plain-HTTP shop. */
  publicUrl: string;
  /** Other origins product images come from (the Magento backend's media host). */
  imageOrigins?: readonly string[];
  /** Card gateways switched on: their script, frame, connect and `payment` origins are opened (paymentProviderOrigins.ts). */
  paymentProviders?: PaymentProviderSwitches;
}

/**
 * `cspScriptHashes`: set by a page served from the page cache (pageCache.ts), whose inline scripts
 * are allowed by their hashes instead of the nonce (cachedPageCsp.ts says why).
 */
export type SecurityVariables = { cspNonce: string; cspScriptHashes?: string[] };

export function permissionsPolicy(payments: PaymentOrigins = NO_PAYMENT_ORIGINS): string {
  return `camera=(), microphone=(), geolocation=(), usb=(), ${paymentPermission(payments)}, browsing-topics=()`;
}
const HSTS = 'max-age=31536000';

const more = (origins: readonly string[]) => origins.map((origin) => ` ${origin}`).join('');

export function contentSecurityPolicy(
  nonce: string,
  imageOrigins: readonly string[] = [],
  payments: PaymentOrigins = NO_PAYMENT_ORIGINS,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${more(payments.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${more(imageOrigins)}`,
    "font-src 'self' data:",
    `connect-src 'self'${more(payments.connect)}`,
    // Without it frames fall back to default-src ('self'); with a gateway, its frames are added to that.
    ...(payments.frame.length > 0 ? [`frame-src 'self'${more(payments.frame)}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<{ Variables: SecurityVariables }> {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const payments = paymentOrigins(options.paymentProviders);
  const permissions = permissionsPolicy(payments);
  return async (c, next) => {
    // 128 random bits per response: a nonce an attacker could predict would be no barrier.
    const nonce = randomBytes(16).toString('base64');
    c.set('cspNonce', nonce);
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    if (https) headers.set('Strict-Transport-Security', HSTS);
    if (!(headers.get('content-type') ?? '').startsWith('text/html')) return;
    const policy = contentSecurityPolicy(nonce, options.imageOrigins, payments);
    const hashes = c.get('cspScriptHashes');
    headers.set('Content-Security-Policy', hashes ? withScriptHashes(policy, hashes) : policy);
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Permissions-Policy', permissions);
  };
}
