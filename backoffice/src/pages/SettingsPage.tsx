import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { CardGatewaysSection } from './settings/CardGatewaysSection';
import { PaymentForm } from './settings/PaymentForm';
import { PaymentInstructionsForm } from './settings/PaymentInstructionsForm';
import { ShippingForm } from './settings/ShippingForm';
import { StoreForm } from './settings/StoreForm';
import { TaxForm } from './settings/TaxForm';
import { m } from './settings/settingsMessages';

graphql(`
  fragment StoreSettingsFields on StoreSettings {
    name
    contactEmail
  }
`);

graphql(`
  fragment ShippingSettingsFields on ShippingSettings {
    baseCurrency
    carriers {
      code
      kind
      active
      title
      methodTitle
      price {
        value
      }
      priceType
      freeThreshold {
        value
      }
      tableRates {
        countryId
        price {
          value
        }
      }
    }
  }
`);

graphql(`
  fragment TaxRateFields on TaxRateSetting {
    id
    countryId
    region {
      id
    }
    ratePercent
    label
  }
`);

graphql(`
  fragment PaymentSettingsFields on PaymentMethodSetting {
    code
    title
    active
  }
`);

graphql(`
  fragment PaymentInstructionsFields on PaymentInstructions {
    checkPayableTo
    checkSendTo
    bankTransfer
    cashOnDelivery
  }
`);

graphql(`
  fragment CardPaymentSettingsFields on CardPaymentSettings {
    stripe {
      mode
      captureLater
      publishableKey
      webhookPath
    }
    braintree {
      mode
      captureLater
      merchantId
      publicKey
      threeDSecureRequired
      webhookPath
    }
  }
`);

const SettingsQuery = graphql(`
  query Settings {
    cardPaymentSettings {
      ...CardPaymentSettingsFields
    }
    settings {
      store {
        ...StoreSettingsFields
      }
      shipping {
        ...ShippingSettingsFields
      }
      taxRates {
        ...TaxRateFields
      }
      paymentMethods {
        ...PaymentSettingsFields
      }
      paymentInstructions {
        ...PaymentInstructionsFields
      }
    }
  }
`);

const SettingsCountries = graphql(`
  query SettingsCountries {
    settingsCountries {
      id
      name
      regions {
        id
        name
      }
    }
  }
`);

export function SettingsPage() {
  const t = useT();
  const me = useStaff();
  const { data, error, loading, refetch } = useQuery(SettingsQuery);
  const countries = useQuery(SettingsCountries);
  const readOnly = me.role !== 'OWNER';
  const settings = data?.settings;
  return (
    <>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      {readOnly && <p className="bo-notice">{t(m.readOnly)}</p>}
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {countries.error && <ErrorMessage onRetry={countries.refetch}>{countries.error.message}</ErrorMessage>}
      {(!settings || !countries.data) && (loading || countries.loading) && <Loading label={t(m.loading)} />}
      {settings && countries.data && (
        <>
          <StoreForm store={settings.store} readOnly={readOnly} />
          <ShippingForm shipping={settings.shipping} countries={countries.data.settingsCountries} readOnly={readOnly} />
          <TaxForm rates={settings.taxRates} countries={countries.data.settingsCountries} readOnly={readOnly} />
          <PaymentForm methods={settings.paymentMethods} readOnly={readOnly} />
          <PaymentInstructionsForm instructions={settings.paymentInstructions} readOnly={readOnly} />
          {data.cardPaymentSettings && <CardGatewaysSection gateways={data.cardPaymentSettings} readOnly={readOnly} />}
        </>
      )}
    </>
  );
}
