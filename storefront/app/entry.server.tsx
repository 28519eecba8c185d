import { PassThrough } from 'node:stream';
import { ApolloProvider } from '@apollo/client/react';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderDeadline } from './data/renderLifetime';
import { getServerApollo, releaseServerApollo } from './data/serverApollo';
import { loadAllMessages } from './i18n/locale';
import { CspNonceProvider } from './layout/cspNonce';
import { deferScripts, type ScriptStart } from './layout/deferScripts';

// Every message catalogue is in memory before the first request: root.tsx and the meta functions
// read a locale's catalogue synchronously (messagesFor), whatever the store's locale.
await loadAllMessages();

export const streamTimeout = 5_000;

/**
 * Pages whose content or controls need the browser: the cart (server-rendered only from its
 * cookie, and its controls need JavaScript), the checkout, the account and the wish list (the
 * customer's token is only in the browser). Their JavaScript starts right after the first frame
 * instead of when the page is idle.
 */
const BROWSER_RENDERED_ROUTES = new Set(['routes/cart', 'routes/checkout', 'routes/account', 'routes/wishlist']);

/**
 * Pages that show nobody's own data: the same HTML for every anonymous shopper of a store and
 * currency. The server keeps them in its page cache and lets shared caches keep them
 * (server/src/pageCache.ts reads this header, and removes it before the answer leaves).
 */
const SHAREABLE_ROUTES = new Set(['root', 'routes/home', 'routes/search', 'routes/catchAll']);
const SHAREABLE_PAGE_HEADER = 'x-vela-shareable-page';

function isShareable(context: EntryContext, status: number): boolean {
  return status === 200 && context.staticHandlerContext.matches.every((match) => SHAREABLE_ROUTES.has(match.route.id));
}

function scriptStartFor(context: EntryContext): ScriptStart {
  const browserRendered = context.staticHandlerContext.matches.some((match) =>
    BROWSER_RENDERED_ROUTES.has(match.route.id),
  );
  return browserRendered ? 'first-frame' : 'idle';
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Loaders have filled this request's cache; rendering reads from it and ships its state.
  const client = getServerApollo(loadContext);
  const nonce = loadContext.cspNonce;
  const release = () => releaseServerApollo(loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let abortRender = () => {};
    const deadline = renderDeadline(() => abortRender(), streamTimeout + 1000);
    // Crawlers and no-JS clients get the whole document at once; browsers get a stream. A
    // shareable page is kept whole by the server anyway, and must not depend on who asked.
    const shareable = isShareable(routerContext, responseStatusCode);
    const readyEvent =
      shareable || isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceProvider value={nonce}>
        <ApolloProvider client={client}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ApolloProvider>
      </CspNonceProvider>,
      {
        // React's own inline scripts (streamed Suspense boundaries) carry it too.
        nonce,
        // Loaders have fetched everything before the render, so every boundary is complete with
        // the shell. React would still send a boundary over 12.8 KB after it, hidden, to be moved
        // into place by an inline script: the page would paint only after that script ran.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          const document = deferScripts(scriptStartFor(routerContext));
          body.pipe(document);
          deadline.endWith(document, release);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (shareable && responseStatusCode === 200) responseHeaders.set(SHAREABLE_PAGE_HEADER, '1');
          resolve(
            new Response(createReadableStreamFromReadable(document), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          deadline.end(release);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRender = abort;
  });
}
