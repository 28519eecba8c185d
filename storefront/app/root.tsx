import { useApolloClient } from '@apollo/client/react';
import { useContext } from 'react';
import { IntlProvider } from 'react-intl';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { getBrowserApollo } from './data/browserApollo';
import { getServerApollo } from './data/serverApollo';
import { serializeApolloState } from './data/ssrState';
import { DEFAULT_STORE_VIEW, browserStoreView, storeViewAttributes } from './data/storeView';
import { DEFAULT_LOCALE, messagesFor, toLanguageTag } from './i18n/locale';
import { AppShell } from './layout/AppShell';
import { StoreAlternates } from './features/store/StoreSwitcher';
import { BrandFont } from './layout/brandFont';
import { HydrationMark } from './layout/hydration';
import { useCspNonce } from './layout/cspNonce';
import { loadShell } from './layout/loadShell';
import { ErrorPage } from './layout/ErrorPage';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { useIntentPrefetch } from './layout/intentPrefetch';
import { loadCatchAllPage } from './routes/loadCatchAllPage';
import '@vela/ui/fonts.css';
import '@vela/ui/theme.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    ...(await loadShell(getServerApollo(context))),
    storeView: context.store ?? DEFAULT_STORE_VIEW,
    origin: new URL(request.url).origin,
  };
}

export async function clientLoader() {
  return { ...(await loadShell(getBrowserApollo())), storeView: browserStoreView(), origin: window.location.origin };
}

/** The SSR state travels inline so the client hydrates from cache instead of refetching. */
function ApolloState() {
  const client = useApolloClient();
  const nonce = useCspNonce();
  const html = import.meta.env.SSR ? serializeApolloState(client) : '';
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The stylesheet, asked for before anything else: <Links> renders it at the end of the head, and
 * React hoists the scripts' modulepreload links above it, so the browser (and Lighthouse's
 * simulation) would queue the one file the first paint needs behind 190 KB of JavaScript.
 */
function StylesheetFirst() {
  const css = useContext(UNSAFE_FrameworkContext)?.manifest.routes.root?.css ?? [];
  return (
    <>
      {css.map((href) => (
        <link key={href} rel="preload" as="style" href={href} fetchPriority="high" />
      ))}
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const shell = useRouteLoaderData<typeof loader>('root');
  const locale = shell?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={toLanguageTag(locale)} {...storeViewAttributes(shell?.storeView ?? DEFAULT_STORE_VIEW)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <StylesheetFirst />
        <BrandFont />
        <meta name="theme-color" content="#1f2a44" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        {shell && <StoreAlternates choices={shell.storeChoices} origin={shell.origin} />}
        <Links />
      </head>
      <body>
        <IntlProvider locale={toLanguageTag(locale)} messages={messagesFor(locale)} defaultLocale="en-US">
          {children}
          <UpdatePrompt />
        </IntlProvider>
        <HydrationMark />
        <ScrollRestoration />
        <ApolloState />
        <Scripts />
      </body>
    </html>
  );
}

/** Catalog pages a shopper points at load into the cache before the click (see useIntentPrefetch). */
const prefetchCatalogPage = (path: string) =>
  loadCatchAllPage(getBrowserApollo(), new Request(new URL(path, window.location.origin)));

export default function App() {
  useIntentPrefetch(prefetchCatalogPage);
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!import.meta.env.PROD && !isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
