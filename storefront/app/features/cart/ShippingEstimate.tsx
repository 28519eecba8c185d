import { useApolloClient, useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CartEstimateShippingMutation } from '../../__generated__/graphql';
import { getCartId } from '../../data/cartId';
import { toCountryChoices, CountriesQuery } from '../../shared/countries';
import { isAbortError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Price } from '@vela/ui/Price';
import { Select } from '@vela/ui/Select';
import { requestErrorMessage, type CartMessage } from './cartErrors';
import { CartEstimateShippingMutation as EstimateMutation } from './cartChangeQueries';
import type { ShippingEstimateChoice } from '../../shared/priceSummary';
import { shippingMethodLabel } from '../../shared/shippingMethodLabel';
import { useFormatCartMessage } from './useCartMessage';
import styles from './ShippingEstimate.module.css';

type Method = NonNullable<NonNullable<CartEstimateShippingMutation['estimateShippingMethods']>[number]>;

const DEFAULT_COUNTRY = 'US';

interface ShippingEstimateProps {
  /** The method the shopper picks from the estimate, for the price summary. */
  onChoose: (choice: ShippingEstimateChoice | null) => void;
  /** Changes whenever the cart's contents change; an older estimate is then dropped. */
  cartVersion: string;
}

/** Country, region and postcode to a list of shipping methods and prices, without storing an address on the cart. */
export function ShippingEstimate({ onChoose, cartVersion }: ShippingEstimateProps) {
  const intl = useIntl();
  const client = useApolloClient();
  const format = useFormatCartMessage();
  const headingId = useId();
  const { data: countriesData } = useQuery(CountriesQuery, { fetchPolicy: 'cache-first' });
  const countries = toCountryChoices(countriesData?.countries, intl.locale, countriesData?.storeConfig);

  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [regionId, setRegionId] = useState('');
  const [regionName, setRegionName] = useState('');
  const [postcode, setPostcode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CartMessage | null>(null);
  const [result, setResult] = useState<{ version: string; methods: Method[] } | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const regions = countries.find((c) => c.id === country)?.regions ?? [];
  const methods = result && result.version === cartVersion ? result.methods : null;

  const estimate = async () => {
    const cartId = getCartId();
    if (!cartId) return;
    setBusy(true);
    setMessage(null);
    try {
      const region =
        regions.length > 0
          ? regionId
            ? { region_id: Number(regionId) }
            : undefined
          : regionName.trim()
            ? { region: regionName.trim() }
            : undefined;
      const { data } = await client.mutate({
        mutation: EstimateMutation,
        // CountryCodeEnum: the codes come from the API's own country list.
        variables: {
          input: {
            cart_id: cartId,
            address: { country_code: country as never, postcode: postcode.trim() || null, region },
          },
        },
      });
      const list = (data?.estimateShippingMethods ?? []).flatMap((m) => (m ? [m] : []));
      setResult({ version: cartVersion, methods: list });
      const first = list.find((m) => m.available);
      choose(first ?? null);
    } catch (error) {
      if (!isAbortError(error)) setMessage(requestErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const keyOf = (method: Method) => `${method.carrier_code}_${method.method_code ?? ''}`;
  const choose = (method: Method | null) => {
    setChosen(method ? keyOf(method) : null);
    onChoose(
      method && method.amount.value != null && method.amount.currency
        ? {
            label: shippingMethodLabel(method.carrier_title, method.method_title),
            amount: { value: method.amount.value, currency: method.amount.currency },
          }
        : null,
    );
  };

  return (
    <section className={styles.estimate} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <FormattedMessage id="cart.shipping.heading" defaultMessage="Estimate shipping" />
      </h2>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void estimate();
        }}
      >
        <Select
          label={intl.formatMessage({ id: 'cart.shipping.country', defaultMessage: 'Country' })}
          value={country}
          options={
            countries.length > 0
              ? countries.map((c) => ({ value: c.id, label: c.name }))
              : [{ value: DEFAULT_COUNTRY, label: DEFAULT_COUNTRY }]
          }
          onChange={(event) => {
            setCountry(event.target.value);
            setRegionId('');
          }}
          autoComplete="country"
        />
        {regions.length > 0 ? (
          <Select
            label={intl.formatMessage({ id: 'cart.shipping.region', defaultMessage: 'State/Province' })}
            value={regionId}
            placeholder={intl.formatMessage({ id: 'cart.shipping.regionPlaceholder', defaultMessage: 'Please select' })}
            options={regions.map((r) => ({ value: String(r.id), label: r.name }))}
            onChange={(event) => setRegionId(event.target.value)}
            autoComplete="address-level1"
          />
        ) : (
          <Field
            label={intl.formatMessage({ id: 'cart.shipping.region', defaultMessage: 'State/Province' })}
            value={regionName}
            onChange={(event) => setRegionName(event.target.value)}
            autoComplete="address-level1"
          />
        )}
        <Field
          label={intl.formatMessage({ id: 'cart.shipping.postcode', defaultMessage: 'Zip/Postal code' })}
          value={postcode}
          onChange={(event) => setPostcode(event.target.value)}
          autoComplete="postal-code"
        />
        <Button type="submit" variant="secondary" busy={busy}>
          <FormattedMessage id="cart.shipping.submit" defaultMessage="Estimate" />
        </Button>
      </form>
      {message && (
        <p role="alert" className={styles.error}>
          {format(message)}
        </p>
      )}
      <div aria-live="polite">
        {methods && methods.length === 0 && (
          <p className={styles.none}>
            <FormattedMessage id="cart.shipping.none" defaultMessage="We don't ship to this address." />
          </p>
        )}
        {methods && methods.length > 0 && (
          <fieldset className={styles.methods}>
            <legend className={styles.legend}>
              <FormattedMessage id="cart.shipping.methods" defaultMessage="Shipping methods" />
            </legend>
            {methods.map((method) => (
              <label key={keyOf(method)} className={styles.method} data-unavailable={!method.available || undefined}>
                <input
                  type="radio"
                  name="shipping-estimate"
                  checked={chosen === keyOf(method)}
                  disabled={!method.available}
                  onChange={() => choose(method)}
                />
                <span className={styles.methodName}>
                  {shippingMethodLabel(method.carrier_title, method.method_title)}
                  {!method.available && method.error_message && (
                    <span className={styles.methodError}>{method.error_message}</span>
                  )}
                </span>
                {method.available && method.amount.value != null && method.amount.currency && (
                  <Price value={method.amount.value} currency={method.amount.currency} />
                )}
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </section>
  );
}
