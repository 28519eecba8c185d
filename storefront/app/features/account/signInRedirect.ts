export const SIGN_IN_PATH = '/account/signin';
export const ACCOUNT_PATH = '/account';

/**
 * Where to go after signing in. Only paths on this shop are accepted, so a crafted link
 * (`?redirect=https://evil.example` or `//evil.example`) cannot send the shopper elsewhere.
 */
export function safeRedirect(target: string | null | undefined, fallback = ACCOUNT_PATH): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  try {
    const url = new URL(target, 'http://shop.invalid');
    if (url.origin !== 'http://shop.invalid') return fallback;
    // Signing in again after signing in would loop.
    if (url.pathname === SIGN_IN_PATH) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in page that brings the shopper back to `returnTo` afterwards. */
export function signInPath(returnTo: string): string {
  const target = safeRedirect(returnTo, '');
  return target && target !== ACCOUNT_PATH ? `${SIGN_IN_PATH}?redirect=${encodeURIComponent(target)}` : SIGN_IN_PATH;
}

/** The path (with query) of a request, for coming back to it. */
export function returnPathOf(request: Request | URL | string): string {
  const url =
    typeof request === 'string'
      ? new URL(request, 'http://shop.invalid')
      : request instanceof URL
        ? request
        : new URL(request.url);
  return url.pathname + url.search;
}
