// Braintree's hosted fields: the card number, expiry and security code are typed into Braintree's
// own frames inside the containers below, so card data never touches this page. This module is
// imported lazily, only once the Braintree card is on screen (BraintreeCardField), so no other page
// downloads braintree-web or this code.
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import {
  hostedFieldsProblem,
  readVerifyOutcome,
  type ThreeDSecureSettings,
  type TokenizeResult,
  type VerifyResult,
} from './braintreeCard';
import {
  type BraintreeError,
  type BraintreeWeb,
  loadBraintreeThreeDSecure,
  loadBraintreeWeb,
  type ThreeDSecure,
  type VerifyCardOptions,
} from './braintreeWeb';
import styles from './BraintreeCardField.module.css';

/** What the payment step asks of the hosted fields once they are ready. */
export interface BraintreeCardHandle {
  tokenize: () => Promise<TokenizeResult>;
  /** When the store asks for 3-D Secure: its settings and braintree-web's verifyCard for a nonce. */
  threeDSecure: {
    settings: ThreeDSecureSettings;
    verify: (options: Omit<VerifyCardOptions, 'onLookupComplete'>) => Promise<VerifyResult>;
  } | null;
}

interface BraintreeHostedFieldsProps {
  clientToken: string;
  /** The store's 3-D Secure settings (StoreConfig), null when it does not ask for it. */
  threeDSecure: ThreeDSecureSettings | null;
  onReady: (handle: BraintreeCardHandle | null) => void;
  onLoadFailed: () => void;
}

/** verifyCard, the issuer's challenge (if any) shown by braintree-web in Braintree's own frame. */
async function verifyWith(
  threeDSecure: ThreeDSecure,
  options: Omit<VerifyCardOptions, 'onLookupComplete'>,
): Promise<VerifyResult> {
  try {
    const payload = await threeDSecure.verifyCard({ ...options, onLookupComplete: (_data, next) => next() });
    return readVerifyOutcome(payload);
  } catch (error) {
    return readVerifyOutcome({ errorCode: (error as BraintreeError | null)?.code });
  }
}

export default function BraintreeHostedFields({
  clientToken,
  threeDSecure: threeDSecureSettings,
  onReady,
  onLoadFailed,
}: BraintreeHostedFieldsProps) {
  const intl = useIntl();
  const id = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const ids = { number: `bt-number-${id}`, expirationDate: `bt-expiry-${id}`, cvv: `bt-cvv-${id}` };
  const labels = {
    number: intl.formatMessage({ id: 'checkout.braintree.number', defaultMessage: 'Card number' }),
    expirationDate: intl.formatMessage({ id: 'checkout.braintree.expiry', defaultMessage: 'Expiry date (MM/YY)' }),
    cvv: intl.formatMessage({ id: 'checkout.braintree.cvv', defaultMessage: 'Security code' }),
  };
  const problems = {
    empty: intl.formatMessage({
      id: 'checkout.braintree.empty',
      defaultMessage: 'Enter the card number, its expiry date and its security code.',
    }),
    invalid: intl.formatMessage({
      id: 'checkout.braintree.invalid',
      defaultMessage: 'Check the card details: some of them are not valid.',
    }),
    failed: intl.formatMessage({
      id: 'checkout.braintree.failed',
      defaultMessage: 'The card could not be checked. Try again, or choose another way to pay.',
    }),
  };

  useEffect(() => {
    let current = true;
    const created: Array<{ teardown(): Promise<void> }> = [];
    async function setUp(sdk: BraintreeWeb) {
      const client = await sdk.client.create({ authorization: clientToken });
      created.push(client);
      const [fields, collector, threeDSecure] = await Promise.all([
        sdk.hostedFields.create({
          client,
          fields: {
            number: { container: `#${ids.number}`, internalLabel: labels.number, placeholder: '4111 1111 1111 1111' },
            expirationDate: {
              container: `#${ids.expirationDate}`,
              internalLabel: labels.expirationDate,
              placeholder: 'MM/YY',
            },
            cvv: { container: `#${ids.cvv}`, internalLabel: labels.cvv, placeholder: '123' },
          },
          styles: { input: { 'font-size': '16px', 'font-family': 'system-ui, sans-serif', color: '#1a1a1a' } },
        }),
        // Fraud data for Braintree's risk checks; the payment goes on without it if it fails.
        sdk.dataCollector.create({ client }).catch(() => null),
        // Braintree's 3-D Secure component only for a store that asks for it.
        threeDSecureSettings
          ? loadBraintreeThreeDSecure().then((web) => web.threeDSecure.create({ client, version: 2 }))
          : null,
      ]);
      created.push(fields);
      if (collector) created.push(collector);
      if (threeDSecure) created.push(threeDSecure);
      if (!current) return;
      onReady({
        threeDSecure:
          threeDSecure && threeDSecureSettings
            ? { settings: threeDSecureSettings, verify: (options) => verifyWith(threeDSecure, options) }
            : null,
        async tokenize() {
          try {
            const payload = await fields.tokenize();
            return {
              nonce: payload.nonce,
              deviceData: collector?.deviceData ?? null,
              bin: payload.details.bin ?? null,
            };
          } catch (error) {
            const problem = hostedFieldsProblem((error as BraintreeError | null)?.code);
            const invalid = (error as BraintreeError | null)?.details?.invalidFieldKeys?.[0];
            if (invalid === 'number' || invalid === 'expirationDate' || invalid === 'cvv') fields.focus(invalid);
            return { problem: problems[problem] };
          }
        },
      });
    }
    loadBraintreeWeb()
      .then(setUp)
      .catch(() => {
        if (current) onLoadFailed();
      });
    return () => {
      current = false;
      onReady(null);
      for (const instance of created) void instance.teardown().catch(() => undefined);
    };
    // The fields are made once per client token; labels and messages are read when they are made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientToken, threeDSecureSettings, onReady, onLoadFailed]);

  return (
    <div className={styles.hostedFields}>
      {(['number', 'expirationDate', 'cvv'] as const).map((field) => (
        <div key={field} className={field === 'number' ? styles.wide : undefined}>
          {/* Braintree's documented markup: a click on the label focuses its frame; the field inside
              the frame carries the same name for screen readers (internalLabel). */}
          <label htmlFor={ids[field]} className={styles.fieldLabel}>
            {labels[field]}
          </label>
          <div id={ids[field]} className={styles.hostedField} />
        </div>
      ))}
    </div>
  );
}
