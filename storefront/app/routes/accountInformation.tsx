import type { Route } from './+types/accountInformation';
import { getBrowserApollo } from '../data/browserApollo';
import { AccountInformation } from '../features/account/AccountInformation';
import { AccountCustomerQuery, AccountSessionConfigQuery } from '../features/account/accountQueries';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// Private: the server renders a skeleton, the browser loads the customer's data (or goes to sign-in).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const client = getBrowserApollo();
  return loadPrivatePage(request, () =>
    Promise.all([
      client.query({ query: AccountCustomerQuery, fetchPolicy: 'network-only' }),
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
  return pageMeta({ title: accountPageTitle('information', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function RouteAccountInformation({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') return <AccountLoadError message={loaderData.message} />;
  return <AccountInformation />;
}
