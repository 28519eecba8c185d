import type { Route } from './+types/accountOrders';
import { getBrowserApollo } from '../data/browserApollo';
import { OrderHistory } from '../features/account/OrderHistory';
import { orderHistoryVariables, readOrderHistoryParams } from '../features/account/orderHistoryParams';
import { AccountOrdersQuery } from '../features/account/orderQueries';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// Private: the server renders a skeleton, the browser loads the customer's data (or goes to sign-in).
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const client = getBrowserApollo();
  const params = readOrderHistoryParams(new URL(request.url).searchParams);
  const load = await loadPrivatePage(request, () =>
    client.query({ query: AccountOrdersQuery, variables: orderHistoryVariables(params), fetchPolicy: 'network-only' }),
  );
  return { ...load, params };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccountSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('orders', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function RouteAccountOrders({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') return <AccountLoadError message={loaderData.message} />;
  return <OrderHistory key={loaderData.params.number} params={loaderData.params} />;
}
