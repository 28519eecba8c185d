import type { Route } from './+types/accountOrder';
import { getBrowserApollo } from '../data/browserApollo';
import { OrderDetails } from '../features/account/OrderDetails';
import { FinishPaying } from '../features/checkout/FinishPaying';
import { AccountOrderQuery } from '../features/account/orderQueries';
import { accountPageTitle } from '../features/account/accountPageTitle';
import { AccountLoadError, AccountSkeleton } from '../features/account/AccountStatus';
import { loadPrivatePage } from '../features/account/requireCustomer';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// Private: the server renders a skeleton, the browser loads the customer's data (or goes to sign-in).
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const client = getBrowserApollo();
  const number = params.number ?? '';
  const load = await loadPrivatePage(request, () =>
    client.query({ query: AccountOrderQuery, variables: { number }, fetchPolicy: 'network-only' }),
  );
  return { ...load, number };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AccountSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: accountPageTitle('order', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function RouteAccountOrder({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === 'error') return <AccountLoadError message={loaderData.message} />;
  // An order whose card payment waits for its 3-D Secure step is finished with the checkout's own step.
  return <OrderDetails number={loaderData.number} finishPaying={(waiting) => <FinishPaying order={waiting} />} />;
}
