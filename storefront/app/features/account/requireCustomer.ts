import { redirect } from 'react-router';
import { getCustomerToken } from '../../data/customerSession';
import { describeError } from '../../data/errors';
import { returnPathOf, safeRedirect, signInPath } from './signInRedirect';

export type PrivatePageLoad = { status: 'ready' } | { status: 'error'; message: string };

/**
 * Browser only: a private page's client loader. Without a session it sends the shopper to sign
 * in (and back here afterwards); with one it fetches what the page shows, fresh, so the
 * component reads it from the cache. A token the server refused ends the session on the way,
 * so that case also leads to sign-in.
 */
export async function loadPrivatePage(request: Request, fetchAll: () => Promise<unknown>): Promise<PrivatePageLoad> {
  if (!getCustomerToken()) throw redirect(signInPath(returnPathOf(request)));
  try {
    await fetchAll();
    return { status: 'ready' };
  } catch (error) {
    if (!getCustomerToken()) throw redirect(signInPath(returnPathOf(request)));
    return { status: 'error', message: describeError(error).message };
  }
}

/**
 * Browser only: the client loader of a public page that makes no sense once signed in (sign-in,
 * create account). A signed-in shopper goes straight on to the page's `?redirect=` target.
 */
export function redirectIfSignedIn(request: Request): void {
  if (getCustomerToken()) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
}
