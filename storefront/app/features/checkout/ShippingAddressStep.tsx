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
import { checkoutMessages } from './checkoutMessages';
import { SetCheckoutSavedShippingAddressMutation, SetCheckoutShippingAddressMutation } from './checkoutMutations';
import { AddressSummary } from './AddressSummary';
import { ChoiceList } from './ChoiceList';
import { initialAddressChoice, type SavedAddress } from './savedAddresses';
import { addressFieldOfServerError } from './serverFieldErrors';
import { StepError } from './StepSection';
import type { StepProps } from './stepProps';
import { useStepAction } from './useStepAction';
import styles from './CheckoutPage.module.css';

/** A field's message goes away once the shopper changes that field. */
export function withoutFields<Field extends string>(
  errors: FieldErrors<Field>,
  fields: readonly string[],
): FieldErrors<Field> {
  const rest = { ...errors };
  for (const field of fields) delete rest[field as Field];
  return rest;
}

interface ShippingAddressStepProps extends StepProps {
  countries: readonly CountryChoice[];
  /** A signed-in customer's address book (undefined for guests): pick one, or enter a new address and maybe save it. */
  savedAddresses?: readonly SavedAddress[];
}

export function ShippingAddressStep({
  cartId,
  draft,
  updateDraft,
  onDone,
  countries,
  savedAddresses: book,
}: ShippingAddressStepProps) {
  // Undefined for guests; an empty book still lets a customer save the new address.
  const savedAddresses = book ?? [];
  const isCustomer = book !== undefined;
  const intl = useIntl();
  const client = useApolloClient();
  const action = useStepAction();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const country = countries.find((c) => c.id === draft.shipping.countryCode);
  const errorCount = Object.keys(errors).length;
  const [choice, setChoice] = useState(() => initialAddressChoice(savedAddresses));
  const [saveInBook, setSaveInBook] = useState(true);
  const savedChoice = savedAddresses.find((entry) => String(entry.id) === choice);

  function change(patch: Partial<AddressDraft>) {
    updateDraft({ shipping: { ...draft.shipping, ...patch } });
    setErrors((current) => withoutFields(current, Object.keys(patch)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (savedChoice) {
      const saved = await action.run(async () => {
        await client.mutate({
          mutation: SetCheckoutSavedShippingAddressMutation,
          variables: { cartId, addressId: savedChoice.id },
        });
      });
      if (saved) onDone();
      return;
    }
    const problems = validateAddress(draft.shipping, country);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const saved = await action.run(
      async () => {
        await client.mutate({
          mutation: SetCheckoutShippingAddressMutation,
          variables: {
            cartId,
            address: { ...toCartAddressInput(draft.shipping, country), save_in_address_book: isCustomer && saveInBook },
          },
        });
      },
      (message) => {
        const field = addressFieldOfServerError(message, (country?.regions.length ?? 0) > 0);
        if (!field) return false;
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
        return true;
      },
    );
    if (saved) onDone();
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <StepError message={action.error} />
      {errorCount > 0 && (
        <p role="alert" className={styles.formProblem}>
          {intl.formatMessage(checkoutMessages.fixErrors, { count: errorCount })}
        </p>
      )}
      {savedAddresses.length > 0 && (
        <ChoiceList
          legend={intl.formatMessage({ id: 'checkout.shipping.savedLegend', defaultMessage: 'Ship to' })}
          name="saved-address"
          value={choice}
          onChange={setChoice}
          choices={[
            ...savedAddresses.map((entry) => ({
              value: String(entry.id),
              label: <AddressSummary address={entry.address} />,
            })),
            {
              value: 'new',
              label: intl.formatMessage({ id: 'checkout.shipping.newAddress', defaultMessage: 'A new address' }),
            },
          ]}
        />
      )}
      {!savedChoice && (
        <AddressFields
          idPrefix="shipping"
          section="shipping"
          draft={draft.shipping}
          errors={errors}
          countries={countries}
          onChange={change}
        />
      )}
      {!savedChoice && isCustomer && (
        <label className={styles.saveInBook}>
          <input type="checkbox" checked={saveInBook} onChange={(event) => setSaveInBook(event.target.checked)} />
          {intl.formatMessage({ id: 'checkout.shipping.saveInBook', defaultMessage: 'Save in my address book' })}
        </label>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage(checkoutMessages.continue)}
        </Button>
      </div>
    </form>
  );
}
