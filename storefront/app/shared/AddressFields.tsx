import { useIntl, type MessageDescriptor } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { type AddressDraft, type AddressField } from './address';
import type { CountryChoice } from './countries';
import styles from './AddressFields.module.css';

interface AddressFieldsProps {
  /** Keeps ids unique when two addresses are on one page (checkout's shipping and billing). */
  idPrefix: string;
  /** The autocomplete section, so browsers fill shipping and billing from the right entries. */
  section?: 'shipping' | 'billing';
  draft: AddressDraft;
  /** Client checks give descriptors (formatted here); server messages arrive as text. */
  errors: Partial<Record<AddressField, MessageDescriptor | string>>;
  countries: readonly CountryChoice[];
  onChange: (patch: Partial<AddressDraft>) => void;
}

/** The fields of one address, for checkout and the address book alike; the form around them is theirs. */
export function AddressFields({ idPrefix, section, draft, errors, countries, onChange }: AddressFieldsProps) {
  const intl = useIntl();
  const country = countries.find((c) => c.id === draft.countryCode);
  const error = (field: AddressField) => {
    const problem = errors[field];
    return typeof problem === 'string' || problem === undefined ? problem : intl.formatMessage(problem);
  };
  const auto = (token: string) => (section ? `section-${section} ${section} ${token}` : token);
  const text = (field: AddressField) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: draft[field],
    error: error(field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value }),
  });

  return (
    <div className={styles.grid}>
      <Field
        {...text('firstname')}
        required
        autoComplete={auto('given-name')}
        label={intl.formatMessage({ id: 'address.firstname', defaultMessage: 'First name' })}
      />
      <Field
        {...text('lastname')}
        required
        autoComplete={auto('family-name')}
        label={intl.formatMessage({ id: 'address.lastname', defaultMessage: 'Last name' })}
      />
      <Field
        {...text('street1')}
        required
        autoComplete={auto('address-line1')}
        className={styles.wide}
        label={intl.formatMessage({ id: 'address.street1', defaultMessage: 'Street address' })}
      />
      <Field
        {...text('street2')}
        autoComplete={auto('address-line2')}
        className={styles.wide}
        label={intl.formatMessage({
          id: 'address.street2',
          defaultMessage: 'Apartment, suite, etc. (optional)',
        })}
      />
      <Select
        id={`${idPrefix}-countryCode`}
        name="countryCode"
        required
        autoComplete={auto('country')}
        value={draft.countryCode}
        error={error('countryCode')}
        placeholder={intl.formatMessage({
          id: 'address.countryPlaceholder',
          defaultMessage: 'Choose a country',
        })}
        options={countries.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(event) => onChange({ countryCode: event.target.value, regionId: '', region: '' })}
        label={intl.formatMessage({ id: 'address.country', defaultMessage: 'Country' })}
      />
      {country && country.regions.length > 0 ? (
        <Select
          id={`${idPrefix}-regionId`}
          name="regionId"
          required={country.regionRequired}
          autoComplete={auto('address-level1')}
          value={draft.regionId}
          error={error('regionId')}
          placeholder={intl.formatMessage({
            id: 'address.regionPlaceholder',
            defaultMessage: 'Choose a state or province',
          })}
          options={country.regions.map((r) => ({ value: String(r.id), label: r.name }))}
          onChange={(event) => onChange({ regionId: event.target.value })}
          label={
            country.regionRequired
              ? intl.formatMessage({ id: 'address.regionSelect', defaultMessage: 'State / province' })
              : intl.formatMessage({
                  id: 'address.regionSelectOptional',
                  defaultMessage: 'State / province (optional)',
                })
          }
        />
      ) : (
        <Field
          {...text('region')}
          autoComplete={auto('address-level1')}
          label={intl.formatMessage({
            id: 'address.region',
            defaultMessage: 'State / province / region (optional)',
          })}
        />
      )}
      <Field
        {...text('city')}
        required
        autoComplete={auto('address-level2')}
        label={intl.formatMessage({ id: 'address.city', defaultMessage: 'City' })}
      />
      <Field
        {...text('postcode')}
        required={country?.postcodeRequired ?? true}
        autoComplete={auto('postal-code')}
        label={intl.formatMessage({ id: 'address.postcode', defaultMessage: 'Postal code' })}
      />
      <Field
        {...text('telephone')}
        required
        type="tel"
        autoComplete={auto('tel')}
        className={styles.wide}
        label={intl.formatMessage({ id: 'address.telephone', defaultMessage: 'Phone number' })}
        hint={intl.formatMessage({
          id: 'address.telephoneHint',
          defaultMessage: 'In case the carrier needs to reach you',
        })}
      />
    </div>
  );
}
