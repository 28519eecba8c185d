import type { Route } from './+types/accountIndex';
import { getBrowserApollo } from '../data/browserApollo';
import { AccountOverview, OVERVIEW_VARIABLES } from '../features/account/AccountOverview';
import { AccountOverviewQuery, AccountSessionConfigQuery } from '../features/account/accountQueries';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// The account's overview. Private: the server renders a skeleton, the browser loads the customer's data (or goes to sign-in).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const client = getBrowserApollo();
  return loadPrivatePage(request, () =>
    Promise.all([
      client.query({ query: AccountOverviewQuery, variables: OVERVIEW_VARIABLES, fetchPolicy: 'network-only' }),
      client.query({ query: AccountSessionConfigQuery }),
    ]),
  );
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccountSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('account', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function RouteAccountIndex({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') return <AccountLoadError message={loaderData.message} />;
  return <AccountOverview />;
}
