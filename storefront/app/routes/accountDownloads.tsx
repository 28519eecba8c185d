import type { Route } from './+types/accountDownloads';
import { getBrowserApollo } from '../data/browserApollo';
import { MyDownloads } from '../features/account/MyDownloads';
import { MyDownloadsQuery } from '../features/account/downloadsDocuments';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// Private: the server renders a skeleton, the browser loads the customer's bought links (or goes to sign-in).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const client = getBrowserApollo();
  return loadPrivatePage(request, () => client.query({ query: MyDownloadsQuery, fetchPolicy: 'network-only' }));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccountSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('downloads', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function RouteAccountDownloads({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') return <AccountLoadError message={loaderData.message} />;
  return <MyDownloads />;
}
