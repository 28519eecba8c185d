import type { Route } from './+types/checkout';
import { getBrowserApollo } from '../data/browserApollo';
import { getCartId } from '../data/cartId';
import { loadAddressBook } from '../features/account/loadAddressBook';
import { loadCustomerName } from '../features/account/loadCustomerName';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { CheckoutSkeleton } from '../features/checkout/CheckoutStatusMessages';
import { checkoutPageTitle } from '../features/checkout/checkoutPageTitle';
import { loadCheckout } from '../features/checkout/loadCheckout';
import { FOCUSED_PAGE } from '../layout/AppShell';
import { metaShellData } from '../layout/metaShellData';
import { pageMeta } from '../shared/pageMeta';

// The cart is private and lives in this browser: no server loader, the server renders the
// skeleton (HydrateFallback) and the browser loads the cart.
export async function clientLoader() {
  const client = getBrowserApollo();
  const [load, savedAddresses] = await Promise.all([loadCheckout(client, getCartId()), loadAddressBook(client)]);
  // A signed-in customer's name starts the address form (read from the query the book just ran).
  const customerName = savedAddresses ? await loadCustomerName(client) : undefined;
  return { load, savedAddresses, customerName };
}
clientLoader.hydrate = true as const;

// Checkout has its own header: no search or menu to lead a shopper away mid-purchase.
export const handle = FOCUSED_PAGE;

export function HydrateFallback() {
  return <CheckoutSkeleton />;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = metaShellData(matches);
  return pageMeta({ title: checkoutPageTitle('checkout', shell?.locale), noindex: true }, shell?.storeConfig);
};

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutPage
      load={loaderData.load}
      savedAddresses={loaderData.savedAddresses}
      customerName={loaderData.customerName}
    />
  );
}
