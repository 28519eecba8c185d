import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CountryChoice } from '../../shared/countries';
import { Button } from '@vela/ui/Button';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { AddressFields } from '../../shared/AddressFields';
import { toCartAddressInput } from './addressDraft';
import { type AddressDraft, type AddressField, validateAddress } from '../../shared/address';
import type { FieldErrors } from './addressValidation';
import { ChoiceList } from './ChoiceList';
import { PaymentMethodInstructions } from './PaymentMethodInstructions';
import { checkoutMessages } from './checkoutMessages';
import { SetCheckoutBillingAddressMutation, SetCheckoutPaymentMethodMutation } from './checkoutMutations';
import { addressFieldOfServerError } from './serverFieldErrors';
import { withoutFields } from './ShippingAddressStep';
import { StepError } from './StepSection';
import type { StepProps } from './stepProps';
import { useStepAction } from './useStepAction';
import { CARD_METHOD_CODE } from './cardPayment';
import { CardPaymentField, useCardPaymentConfiguration } from './CardPaymentField';
import type { PlacedOrder } from './placedOrder';
import { useCardCheckout } from './useCardCheckout';
import { useCustomerToken } from '../../data/customerSession';
import { BRAINTREE_METHOD_CODE, BRAINTREE_VAULT_METHOD_CODE, isBraintreeChoice, keptCardChoice } from './braintreeCard';
import { BraintreeCardField, KeptCardProblem, useKeptCards } from './BraintreeCardField';
import { useBraintreeCheckout } from './useBraintreeCheckout';
import { stripeSavedCardChoice, stripeSavedCardId } from '../../shared/stripeSavedCards';
import { useStripeSavedCards } from './useStripeSavedCards';
import styles from './CheckoutPage.module.css';

export function PaymentStep({
  cartId,
  cart,
  draft,
  updateDraft,
  onDone,
  countries,
  onCardPlaced,
}: StepProps & { countries: readonly CountryChoice[]; onCardPlaced: (order: PlacedOrder) => Promise<void> }) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useStepAction();
  const formRef = useRef<HTMLFormElement>(null);
  const [methodMissing, setMethodMissing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const cardConfiguration = useCardPaymentConfiguration(cart);
  const card = useCardCheckout(cartId, cardConfiguration);
  const braintree = useBraintreeCheckout(cartId);
  const signedIn = useCustomerToken() !== null;
  const keptCards = useKeptCards(cart, signedIn);
  const stripeSavedCards = useStripeSavedCards(cardConfiguration !== null, signedIn);
  // The card is offered once Stripe.js can be set up for it (never on a backend without Stripe).
  // Braintree's vault is no choice of its own: each kept card is one, named as the customer knows it.
  // Stripe's saved cards come first, each a choice of its own, then a new card.
  const methods = (cart.available_payment_methods ?? []).flatMap((m) => {
    if (!m || (m.code === CARD_METHOD_CODE && !cardConfiguration)) return [];
    if (m.code === CARD_METHOD_CODE)
      return [
        ...stripeSavedCards.map((saved) => ({
          code: stripeSavedCardChoice(saved.id),
          title: intl.formatMessage(
            {
              id: 'checkout.card.savedCard',
              defaultMessage: 'Saved card: {brand} ending in {last4}, expires {expires}',
            },
            { brand: saved.brand, last4: saved.last4, expires: saved.expires },
          ),
        })),
        m,
      ];
    if (m.code !== BRAINTREE_VAULT_METHOD_CODE) return [m];
    return keptCards.map((kept) => ({
      code: keptCardChoice(kept.publicHash),
      title: intl.formatMessage(
        {
          id: 'checkout.braintree.keptCard',
          defaultMessage: 'Saved card: {brand} ending in {last4}, expires {expires}',
        },
        { brand: kept.brand, last4: kept.last4, expires: kept.expires },
      ),
    }));
  });
  const known = (code: string) => methods.some((m) => m.code === code);
  const method = known(draft.paymentMethod)
    ? draft.paymentMethod
    : known(cart.selected_payment_method?.code ?? '')
      ? (cart.selected_payment_method?.code ?? '')
      : methods.length === 1
        ? (methods[0]?.code ?? '')
        : '';
  const billingCountry = countries.find((c) => c.id === draft.billing.countryCode);
  // A cart with nothing to ship has no shipping address to copy: the billing address is typed.
  const sameAsShipping = draft.billingSameAsShipping && !cart.is_virtual;

  function changeBilling(patch: Partial<AddressDraft>) {
    updateDraft({ billing: { ...draft.billing, ...patch } });
    setErrors((current) => withoutFields(current, Object.keys(patch)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (action.busy) return;
    const billingProblems = sameAsShipping ? {} : validateAddress(draft.billing, billingCountry);
    setErrors(billingProblems);
    setMethodMissing(!method);
    if (!method || Object.keys(billingProblems).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const savedStripeCard = stripeSavedCardId(method);
    const paysByStripe = method === CARD_METHOD_CODE || savedStripeCard !== null;
    const paysByCard = paysByStripe || isBraintreeChoice(method);
    let placedOrder: PlacedOrder | null = null;
    const saved = await action.run(
      async () => {
        await client.mutate({
          mutation: SetCheckoutBillingAddressMutation,
          variables: {
            cartId,
            billing: sameAsShipping
              ? { same_as_shipping: true }
              : { address: toCartAddressInput(draft.billing, billingCountry) },
          },
        });
        if (paysByStripe) placedOrder = await card.pay(savedStripeCard);
        else if (paysByCard) placedOrder = await braintree.pay(method);
        else await client.mutate({ mutation: SetCheckoutPaymentMethodMutation, variables: { cartId, code: method } });
      },
      (message) => {
        if (sameAsShipping) return false;
        const field = addressFieldOfServerError(message, (billingCountry?.regions.length ?? 0) > 0);
        if (!field) return false;
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
        return true;
      },
    );
    if (saved && placedOrder) await onCardPlaced(placedOrder);
    else if (saved && !paysByCard) onDone();
  }

  const errorCount = Object.keys(errors).length + (methodMissing ? 1 : 0);
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <StepError message={action.error} />
      {errorCount > 0 && (
        <p role="alert" className={styles.formProblem}>
          {intl.formatMessage(checkoutMessages.fixErrors, { count: errorCount })}
        </p>
      )}
      <ChoiceList
        legend={intl.formatMessage({ id: 'checkout.payment.legend', defaultMessage: 'Choose how you pay' })}
        name="paymentMethod"
        value={method}
        onChange={(code) => {
          updateDraft({ paymentMethod: code });
          setMethodMissing(false);
          braintree.clearProblem();
          card.clearProblem();
        }}
        error={
          methodMissing
            ? intl.formatMessage({ id: 'checkout.payment.required', defaultMessage: 'Choose a payment method' })
            : undefined
        }
        choices={methods.map((m) => ({ value: m.code, label: m.title }))}
      />
      <PaymentMethodInstructions paymentCode={method} />
      {method === CARD_METHOD_CODE && cardConfiguration && (
        <CardPaymentField
          configuration={cardConfiguration}
          problem={card.problem}
          problemRef={card.problemRef}
          onReady={card.onReady}
          canSave={signedIn}
          save={card.save}
          onSaveChange={card.setSave}
        />
      )}
      {stripeSavedCardId(method) !== null && <KeptCardProblem problem={card.problem} problemRef={card.problemRef} />}
      {method === BRAINTREE_METHOD_CODE && (
        <BraintreeCardField
          problem={braintree.problem}
          problemRef={braintree.problemRef}
          progress={braintree.progress}
          onReady={braintree.onReady}
          canKeep={
            signedIn && (cart.available_payment_methods ?? []).some((m) => m?.code === BRAINTREE_VAULT_METHOD_CODE)
          }
          keep={braintree.keep}
          onKeepChange={braintree.setKeep}
        />
      )}
      {method !== BRAINTREE_METHOD_CODE && isBraintreeChoice(method) && (
        <KeptCardProblem problem={braintree.problem} problemRef={braintree.problemRef} />
      )}
      {!cart.is_virtual && (
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="billingSameAsShipping"
            checked={draft.billingSameAsShipping}
            onChange={(event) => updateDraft({ billingSameAsShipping: event.target.checked })}
          />
          {intl.formatMessage({
            id: 'checkout.payment.billingSame',
            defaultMessage: 'Billing address same as shipping',
          })}
        </label>
      )}
      {!sameAsShipping && (
        <fieldset className={styles.billing}>
          <legend className={styles.billingLegend}>
            {intl.formatMessage({ id: 'checkout.payment.billingLegend', defaultMessage: 'Billing address' })}
          </legend>
          <AddressFields
            idPrefix="billing"
            section="billing"
            draft={draft.billing}
            errors={errors}
            countries={countries}
            onChange={changeBilling}
          />
        </fieldset>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {method === CARD_METHOD_CODE || stripeSavedCardId(method) !== null || isBraintreeChoice(method)
            ? intl.formatMessage({ id: 'checkout.review.placeOrder', defaultMessage: 'Place order' })
            : intl.formatMessage(checkoutMessages.continue)}
        </Button>
      </div>
    </form>
  );
}
