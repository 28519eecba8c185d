import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Price } from '@vela/ui/Price';
import { ChoiceList } from './ChoiceList';
import { checkoutMessages } from './checkoutMessages';
import { SetCheckoutShippingMethodMutation } from './checkoutMutations';
import { shippingMethodKey, shippingMethodOptions } from './shippingMethods';
import { StepError } from './StepSection';
import type { StepProps } from './stepProps';
import { useStepAction } from './useStepAction';
import styles from './CheckoutPage.module.css';

export function ShippingMethodStep({ cartId, cart, draft, updateDraft, onDone }: StepProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useStepAction();
  const [missing, setMissing] = useState(false);
  const options = shippingMethodOptions(cart);
  const selected = cart.shipping_addresses[0]?.selected_shipping_method;
  // The shopper's pick of this session first, then what the cart already has.
  const value = options.some((o) => o.key === draft.shippingMethod && o.available)
    ? draft.shippingMethod
    : selected
      ? shippingMethodKey(selected)
      : '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const choice = options.find((o) => o.key === value && o.available);
    setMissing(!choice);
    if (!choice) return;
    const saved = await action.run(async () => {
      await client.mutate({
        mutation: SetCheckoutShippingMethodMutation,
        variables: { cartId, carrierCode: choice.carrierCode, methodCode: choice.methodCode },
      });
    });
    if (saved) onDone();
  }

  if (options.length === 0) {
    return (
      <p role="alert" className={styles.formProblem}>
        <FormattedMessage
          id="checkout.shippingMethod.none"
          defaultMessage="We can't ship to this address. Please check it or choose another one."
        />
      </p>
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <StepError message={action.error} />
      <ChoiceList
        legend={intl.formatMessage({
          id: 'checkout.shippingMethod.legend',
          defaultMessage: 'Choose how your order is shipped',
        })}
        name="shippingMethod"
        value={value}
        onChange={(key) => {
          updateDraft({ shippingMethod: key });
          setMissing(false);
        }}
        error={
          missing
            ? intl.formatMessage({ id: 'checkout.shippingMethod.required', defaultMessage: 'Choose a shipping method' })
            : undefined
        }
        choices={options.map((option) => ({
          value: option.key,
          label: option.title,
          disabled: !option.available,
          note: option.available
            ? null
            : option.error ||
              intl.formatMessage({
                id: 'checkout.shippingMethod.unavailable',
                defaultMessage: 'Not available for this order',
              }),
          aside:
            option.amount.value === 0 ? (
              <FormattedMessage id="checkout.shippingMethod.free" defaultMessage="Free" />
            ) : (
              <Price value={option.amount.value} currency={option.amount.currency} />
            ),
        }))}
      />
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage(checkoutMessages.continue)}
        </Button>
      </div>
    </form>
  );
}
