import { useApolloClient, useQuery } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import type { AccountAddressFieldsFragment } from '../../__generated__/graphql';
import { AddressFields } from '../../shared/AddressFields';
import { PostalAddress } from '../../shared/PostalAddress';
import { type CountryChoice, toCountryChoices, CountriesQuery } from '../../shared/countries';
import { describeError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { accountMessages } from './accountMessages';
import {
  AccountCreateAddressMutation,
  AccountDeleteAddressMutation,
  AccountUpdateAddressMutation,
} from './accountMutations';
import { AccountCustomerQuery } from './accountQueries';
import {
  type AddressTextField,
  type AddressValues,
  emptyAddressValues,
  toCustomerAddressInput,
  validateAddressValues,
  valuesFromAddress,
} from './addressBook';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { FormAlert } from './FormAlert';
import { useFormAction } from './useFormAction';
import formStyles from './AccountForms.module.css';
import styles from './AddressBook.module.css';

type Editing = { mode: 'new' } | { mode: 'edit'; address: AccountAddressFieldsFragment } | null;

export function AddressBook() {
  const intl = useIntl();
  const client = useApolloClient();
  const toast = useToast();
  const { data, error } = useQuery(AccountCustomerQuery, { fetchPolicy: 'cache-first' });
  const countriesResult = useQuery(CountriesQuery, { fetchPolicy: 'cache-first' });
  const countries = toCountryChoices(countriesResult.data?.countries, intl.locale, countriesResult.data?.storeConfig);
  const [editing, setEditing] = useState<Editing>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const customer = data?.customer;
  if (!customer) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  const addresses = (customer.addresses ?? []).flatMap((address) => (address ? [address] : []));

  async function refresh() {
    await client.query({ query: AccountCustomerQuery, fetchPolicy: 'network-only' });
  }

  async function run(id: number, work: () => Promise<unknown>, done: string) {
    setBusyId(id);
    try {
      await work();
      await refresh();
      toast.show(done, { tone: 'success' });
    } catch (caught) {
      toast.show(describeError(caught).message, { tone: 'error' });
    } finally {
      setBusyId(null);
    }
  }

  const remove = (address: AccountAddressFieldsFragment) => {
    if (address.id == null) return;
    if (
      !window.confirm(
        intl.formatMessage({ id: 'account.addresses.confirmDelete', defaultMessage: 'Delete this address?' }),
      )
    )
      return;
    void run(
      address.id,
      () => client.mutate({ mutation: AccountDeleteAddressMutation, variables: { id: address.id ?? 0 } }),
      intl.formatMessage({ id: 'account.addresses.deleted', defaultMessage: 'The address was deleted.' }),
    );
  };
  const makeDefault = (address: AccountAddressFieldsFragment, kind: 'default_shipping' | 'default_billing') => {
    if (address.id == null) return;
    void run(
      address.id,
      () =>
        client.mutate({
          mutation: AccountUpdateAddressMutation,
          variables: { id: address.id ?? 0, input: { [kind]: true } },
        }),
      intl.formatMessage(accountMessages.saved),
    );
  };
  const countryName = (code: string | null | undefined) => countries.find((c) => c.id === code)?.name ?? code ?? '';

  return (
    <>
      <h1>
        <FormattedMessage id="account.addresses.title" defaultMessage="Address book" />
      </h1>
      {addresses.length === 0 && (
        <p>
          <FormattedMessage id="account.addresses.empty" defaultMessage="You have no saved addresses yet." />
        </p>
      )}
      <ul className={styles.list}>
        {addresses.map((address) => (
          <li key={address.id} className={styles.card}>
            <PostalAddress
              className={styles.address}
              address={{
                ...address,
                region: address.region?.region,
                regionCode: address.region?.region_code,
                countryCode: address.country_code,
                country: countryName(address.country_code),
              }}
              telephone={address.telephone}
            />
            <p className={styles.badges}>
              {address.default_shipping && (
                <span className={styles.badge}>
                  <FormattedMessage id="account.addresses.defaultShipping" defaultMessage="Default shipping address" />
                </span>
              )}
              {address.default_billing && (
                <span className={styles.badge}>
                  <FormattedMessage id="account.addresses.defaultBilling" defaultMessage="Default billing address" />
                </span>
              )}
            </p>
            <div className={styles.cardActions}>
              <Button
                variant="secondary"
                onClick={() => setEditing({ mode: 'edit', address })}
                disabled={busyId !== null}
              >
                <FormattedMessage id="account.addresses.edit" defaultMessage="Edit" />
              </Button>
              <Button
                variant="ghost"
                onClick={() => remove(address)}
                busy={busyId === address.id}
                disabled={busyId !== null}
              >
                <FormattedMessage id="account.addresses.delete" defaultMessage="Delete" />
              </Button>
              {!address.default_shipping && (
                <Button
                  variant="ghost"
                  onClick={() => makeDefault(address, 'default_shipping')}
                  disabled={busyId !== null}
                >
                  <FormattedMessage
                    id="account.addresses.makeDefaultShipping"
                    defaultMessage="Use for shipping by default"
                  />
                </Button>
              )}
              {!address.default_billing && (
                <Button
                  variant="ghost"
                  onClick={() => makeDefault(address, 'default_billing')}
                  disabled={busyId !== null}
                >
                  <FormattedMessage
                    id="account.addresses.makeDefaultBilling"
                    defaultMessage="Use for billing by default"
                  />
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Button onClick={() => setEditing({ mode: 'new' })}>
        <FormattedMessage id="account.addresses.add" defaultMessage="Add a new address" />
      </Button>
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.mode === 'edit'
            ? intl.formatMessage({ id: 'account.addresses.editTitle', defaultMessage: 'Edit address' })
            : intl.formatMessage({ id: 'account.addresses.addTitle', defaultMessage: 'New address' })
        }
      >
        {editing && (
          <AddressEditor
            key={editing.mode === 'edit' ? editing.address.id : 'new'}
            address={editing.mode === 'edit' ? editing.address : null}
            first={addresses.length === 0}
            countries={countries}
            onSaved={async () => {
              await refresh();
              setEditing(null);
              toast.show(intl.formatMessage(accountMessages.saved), { tone: 'success' });
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}

interface AddressEditorProps {
  address: AccountAddressFieldsFragment | null;
  /** The first address becomes the default for both. */
  first: boolean;
  countries: readonly CountryChoice[];
  onSaved: () => Promise<void>;
  onCancel: () => void;
}

function AddressEditor({ address, first, countries, onSaved, onCancel }: AddressEditorProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AddressValues>(() =>
    address ? valuesFromAddress(address) : { ...emptyAddressValues(), defaultShipping: first, defaultBilling: first },
  );
  const [errors, setErrors] = useState<Partial<Record<AddressTextField, MessageDescriptor | string>>>({});
  const country = countries.find((c) => c.id === values.countryCode);

  const change = (patch: Partial<AddressValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const rest = { ...current };
      for (const key of Object.keys(patch)) delete rest[key as AddressTextField];
      return rest;
    });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateAddressValues(values, country);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const input = toCustomerAddressInput(values, country);
    const ok = await action.run(async () => {
      if (address?.id != null)
        await client.mutate({ mutation: AccountUpdateAddressMutation, variables: { id: address.id, input } });
      else await client.mutate({ mutation: AccountCreateAddressMutation, variables: { input } });
    });
    if (ok) await onSaved();
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className={formStyles.form}>
      <FormAlert message={action.error} />
      <AddressFields idPrefix="address" draft={values} errors={errors} countries={countries} onChange={change} />
      <label className={formStyles.check}>
        <input
          type="checkbox"
          checked={values.defaultShipping}
          onChange={(event) => change({ defaultShipping: event.target.checked })}
        />
        {intl.formatMessage({
          id: 'account.address.defaultShipping',
          defaultMessage: 'Use as my default shipping address',
        })}
      </label>
      <label className={formStyles.check}>
        <input
          type="checkbox"
          checked={values.defaultBilling}
          onChange={(event) => change({ defaultBilling: event.target.checked })}
        />
        {intl.formatMessage({
          id: 'account.address.defaultBilling',
          defaultMessage: 'Use as my default billing address',
        })}
      </label>
      <div className={formStyles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage({ id: 'account.address.save', defaultMessage: 'Save address' })}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {intl.formatMessage(accountMessages.cancel)}
        </Button>
      </div>
    </form>
  );
}
