import type { Route } from './+types/accountPayments';
import { getBrowserApollo } from '../data/browserApollo';
import { SavedPaymentMethods } from '../features/account/SavedPaymentMethods';
import { SavedPaymentMethodsQuery } from '../features/account/savedPaymentsDocuments';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// Private: the server renders a skeleton, the browser loads the customer's kept cards (or goes to sign-in).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const client = getBrowserApollo();
  return loadPrivatePage(request, () => client.query({ query: SavedPaymentMethodsQuery, fetchPolicy: 'network-only' }));
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccountSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('payments', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function RouteAccountPayments({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') return <AccountLoadError message={loaderData.message} />;
  return <SavedPaymentMethods />;
}
