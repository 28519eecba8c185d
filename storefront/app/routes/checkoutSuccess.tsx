import type { Route } from './+types/checkoutSuccess';
import { getCustomerToken } from '../data/customerSession';
import { CreateAccountOffer } from '../features/account/CreateAccountOffer';
import { CheckoutSkeleton } from '../features/checkout/CheckoutStatusMessages';
import { checkoutPageTitle } from '../features/checkout/checkoutPageTitle';
import { OrderConfirmation } from '../features/checkout/OrderConfirmation';
import { OrderUnconfirmed } from '../features/checkout/OrderUnconfirmed';
import { loadPlacedOrder, loadUnconfirmedOrder } from '../features/checkout/placedOrder';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// The placed order is kept in this tab's sessionStorage: only the browser can show it.
export function clientLoader() {
  return { order: loadPlacedOrder(), unconfirmed: loadUnconfirmedOrder(), guest: !getCustomerToken() };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <CheckoutSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: checkoutPageTitle('success', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CheckoutSuccessRoute({ loaderData }: Route.ComponentProps) {
  const { order, unconfirmed, guest } = loaderData;
  if (!order && unconfirmed) return <OrderUnconfirmed email={unconfirmed.email} signedIn={!guest} />;
  return (
    <OrderConfirmation
      order={order}
      signedIn={!guest}
      after={order && guest ? <CreateAccountOffer email={order.email} /> : null}
    />
  );
}
