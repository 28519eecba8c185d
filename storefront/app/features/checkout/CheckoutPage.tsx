import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { clearCartId } from '../../data/cartId';
import { toCountryChoices, CountriesQuery } from '../../shared/countries';
import { useOnlineStatus } from '../../data/onlineStatus';
import { AddressSummary } from './AddressSummary';
import { cartAddressLines } from './cartAddressLines';
import { cartItems } from './CheckoutItems';
import { CheckoutSummary } from './CheckoutSummary';
import { type CheckoutDraft, clearDraft, loadDraft, saveDraft } from './checkoutDraft';
import { checkoutMessages } from './checkoutMessages';
import { CheckoutCartQuery } from './checkoutQueries';
import {
  checkoutStepsFor,
  type CheckoutStep,
  firstOpenStep,
  reachableStep,
  stepAfter,
  stepStates,
} from './checkoutSteps';
import { CheckoutLoadError, CheckoutSkeleton, EmptyCheckout, OfflineNotice } from './CheckoutStatusMessages';
import { EmailStep } from './EmailStep';
import { FinishPaying } from './FinishPaying';
import { type CustomerName, initialDraft } from './initialDraft';
import { PaymentStep } from './PaymentStep';
import { type PlacedOrder, savePlacedOrder, saveUnconfirmedOrder } from './placedOrder';
import { ReviewStep } from './ReviewStep';
import { ShippingAddressStep } from './ShippingAddressStep';
import { ShippingMethodStep } from './ShippingMethodStep';
import { StepSection } from './StepSection';
import type { CheckoutCart } from './stepProps';
import type { CheckoutLoad } from './loadCheckout';
import type { SavedAddress } from './savedAddresses';
import styles from './CheckoutPage.module.css';
import { shippingMethodLabel } from '../../shared/shippingMethodLabel';

export const CHECKOUT_SUCCESS_PATH = '/checkout/success';

interface CheckoutPageProps {
  load: CheckoutLoad;
  /** A signed-in customer's address book, which the route loads; undefined for guests. */
  savedAddresses?: readonly SavedAddress[];
  /** A signed-in customer's name, which starts a new address; undefined for guests. */
  customerName?: CustomerName;
}

export function CheckoutPage({ load, savedAddresses, customerName }: CheckoutPageProps) {
  if (load.status === 'noCart')
    return (
      <>
        <EmptyCheckout />
        <FinishPaying />
      </>
    );
  if (load.status === 'error') return <CheckoutLoadError message={load.message} />;
  return <CheckoutWithCart cartId={load.cartId} savedAddresses={savedAddresses} customerName={customerName} />;
}

function CheckoutWithCart({
  cartId,
  savedAddresses,
  customerName,
}: {
  cartId: string;
  savedAddresses?: readonly SavedAddress[];
  customerName?: CustomerName;
}) {
  const { data, error } = useQuery(CheckoutCartQuery, { variables: { cartId }, fetchPolicy: 'cache-first' });
  const cart = data?.cart;
  // A cart closed by an order that waits for its 3-D Secure step: the shopper can finish paying it.
  if (!cart)
    return error ? (
      <>
        <EmptyCheckout />
        <FinishPaying />
      </>
    ) : (
      <CheckoutSkeleton />
    );
  if (cartItems(cart).length === 0) return <EmptyCheckout />;
  return <CheckoutSteps cartId={cartId} cart={cart} savedAddresses={savedAddresses} customerName={customerName} />;
}

function CheckoutSteps({
  cartId,
  cart,
  savedAddresses,
  customerName,
}: {
  cartId: string;
  cart: CheckoutCart;
  savedAddresses?: readonly SavedAddress[];
  customerName?: CustomerName;
}) {
  const intl = useIntl();
  const client = useApolloClient();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const countriesResult = useQuery(CountriesQuery, { fetchPolicy: 'cache-first' });
  const countries = toCountryChoices(countriesResult.data?.countries, intl.locale, countriesResult.data?.storeConfig);
  const [draft, setDraft] = useState<CheckoutDraft>(() => initialDraft(loadDraft(), cart, customerName));
  const [chosenStep, setChosenStep] = useState<CheckoutStep>(() => firstOpenStep(cart));
  const [focusStep, setFocusStep] = useState<CheckoutStep | null>(null);
  const [placing, setPlacing] = useState(false);
  const openStep = reachableStep(chosenStep, cart);
  const states = stepStates(openStep, cart);

  useEffect(() => saveDraft(draft), [draft]);

  const updateDraft = (patch: Partial<CheckoutDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const open = (step: CheckoutStep) => {
    setChosenStep(step);
    setFocusStep(step);
  };
  const doneWith = (step: CheckoutStep) => () => {
    // The mutation's answer is already in the cache; read it so the next step is judged on it.
    const fresh = client.readQuery({ query: CheckoutCartQuery, variables: { cartId } })?.cart ?? cart;
    open(stepAfter(step, fresh));
  };

  async function placed(order: PlacedOrder) {
    setPlacing(true);
    savePlacedOrder(order);
    clearDraft();
    await navigate(CHECKOUT_SUCCESS_PATH, { replace: true });
    // The ordered cart is closed: forget it so the header shows an empty cart and nothing refetches it.
    clearCartId();
    client.cache.evict({ id: client.cache.identify({ __typename: 'Cart', id: cart.id }) });
    client.cache.gc();
  }

  async function placedWithoutAnswer() {
    setPlacing(true);
    saveUnconfirmedOrder({ email: cart.email ?? null });
    clearDraft();
    await navigate(CHECKOUT_SUCCESS_PATH, { replace: true });
    clearCartId();
    client.cache.evict({ id: client.cache.identify({ __typename: 'Cart', id: cart.id }) });
    client.cache.gc();
  }

  if (placing) return <CheckoutSkeleton />;

  const titles: Record<CheckoutStep, string> = {
    email: intl.formatMessage(checkoutMessages.stepEmail),
    shipping: intl.formatMessage(checkoutMessages.stepShipping),
    shippingMethod: intl.formatMessage(checkoutMessages.stepShippingMethod),
    payment: intl.formatMessage(checkoutMessages.stepPayment),
    review: intl.formatMessage(checkoutMessages.stepReview),
  };
  const shipping = cart.shipping_addresses[0];
  const method = shipping?.selected_shipping_method;
  const stepProps = { cartId, cart, draft, updateDraft };
  const summaries: Record<CheckoutStep, React.ReactNode> = {
    email: <p>{cart.email}</p>,
    shipping: shipping ? <AddressSummary address={cartAddressLines(shipping)} /> : null,
    shippingMethod: method ? <p>{shippingMethodLabel(method.carrier_title, method.method_title)}</p> : null,
    payment: (
      <>
        <p>{cart.selected_payment_method?.title}</p>
        {cart.billing_address && (
          <p>
            <FormattedMessage
              id="checkout.payment.billingSummary"
              defaultMessage="Billing address: {address}"
              values={{
                address: [cart.billing_address.street[0], cart.billing_address.city].filter(Boolean).join(', '),
              }}
            />
          </p>
        )}
      </>
    ),
    review: null,
  };
  const forms: Record<CheckoutStep, React.ReactNode> = {
    email: <EmailStep {...stepProps} onDone={doneWith('email')} />,
    shipping: (
      <ShippingAddressStep
        {...stepProps}
        countries={countries}
        savedAddresses={savedAddresses}
        onDone={doneWith('shipping')}
      />
    ),
    shippingMethod: <ShippingMethodStep {...stepProps} onDone={doneWith('shippingMethod')} />,
    payment: <PaymentStep {...stepProps} countries={countries} onDone={doneWith('payment')} onCardPlaced={placed} />,
    review: <ReviewStep cartId={cartId} cart={cart} onPlaced={placed} onPlacedWithoutAnswer={placedWithoutAnswer} />,
  };

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>
        <FormattedMessage id="checkout.title" defaultMessage="Checkout" />
      </h1>
      {!online && <OfflineNotice />}
      <div className={styles.layout}>
        {/* Before the steps: on a phone it is the line above them; on a wide screen, their column. */}
        <CheckoutSummary cart={cart} className={styles.sidebar} />
        <div className={styles.steps}>
          {checkoutStepsFor(cart).map((step, index) => (
            <StepSection
              key={step}
              number={index + 1}
              title={titles[step]}
              state={states[step]}
              focusHeading={focusStep === step}
              onEdit={() => open(step)}
              summary={summaries[step]}
            >
              {forms[step]}
            </StepSection>
          ))}
        </div>
      </div>
    </div>
  );
}
