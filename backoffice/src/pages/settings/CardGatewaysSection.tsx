import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { graphql } from '../../__generated__';
import type { CardPaymentSettingsFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { CheckboxField, FormFooter, Section, useFormSave } from '../../common/form';
import { useT } from '../../common/useT';
import { cg } from './cardGatewayMessages';

const UpdateBraintreeSettings = graphql(`
  mutation UpdateBraintreeSettings($threeDSecureRequired: Boolean!) {
    updateBraintreeSettings(threeDSecureRequired: $threeDSecureRequired) {
      ...CardPaymentSettingsFields
    }
  }
`);

type Braintree = NonNullable<CardPaymentSettingsFieldsFragment['braintree']>;

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="bo-totals">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The card gateways this server has keys for, as set in its environment (never a secret), and the
 * one choice the store makes here: whether a new Braintree card must pass 3-D Secure (owners).
 */
export function CardGatewaysSection({
  gateways,
  readOnly,
}: {
  gateways: CardPaymentSettingsFieldsFragment;
  readOnly: boolean;
}) {
  const t = useT();
  const { stripe, braintree } = gateways;
  const mode = (live: boolean) => t(live ? cg.live : cg.test);
  const capture = (later: boolean) => t(later ? cg.captureLater : cg.captureOnOrder);
  const secret = (name: string) => <span className="bo-muted">{t(cg.fromEnvironment, { name })}</span>;
  return (
    <Section id="settings-card-gateways" title={t(cg.heading)}>
      {!stripe && !braintree && <p className="bo-muted">{t(cg.none)}</p>}
      {(stripe || braintree) && <p className="bo-muted">{t(cg.keysHint)}</p>}
      {stripe && (
        <>
          <h3>{t(cg.stripe)}</h3>
          <Facts
            rows={[
              [t(cg.mode), mode(stripe.mode === 'LIVE')],
              [t(cg.capture), capture(stripe.captureLater)],
              [t(cg.publishableKey), <code key="pk">{stripe.publishableKey}</code>],
              [t(cg.secret), secret('STRIPE_SECRET_KEY')],
              [t(cg.webhook), <code key="wh">{stripe.webhookPath}</code>],
            ]}
          />
        </>
      )}
      {braintree && <BraintreeSettings braintree={braintree} readOnly={readOnly} />}
    </Section>
  );
}

function BraintreeSettings({ braintree, readOnly }: { braintree: Braintree; readOnly: boolean }) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [required, setRequired] = useState(braintree.threeDSecureRequired);
  const { formError, saving, save } = useFormSave(formRef, t(cg.saved));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    void save({}, async () => {
      const saved = (await request(UpdateBraintreeSettings, { threeDSecureRequired: required }))
        .updateBraintreeSettings;
      setRequired(saved.braintree?.threeDSecureRequired ?? required);
    });
  };
  return (
    <>
      <h3>{t(cg.braintree)}</h3>
      <Facts
        rows={[
          [t(cg.mode), t(braintree.mode === 'LIVE' ? cg.live : cg.test)],
          [t(cg.capture), t(braintree.captureLater ? cg.captureLater : cg.captureOnOrder)],
          [t(cg.merchantId), <code key="id">{braintree.merchantId}</code>],
          [t(cg.publicKey), <code key="pk">{braintree.publicKey}</code>],
          [
            t(cg.privateKey),
            <span className="bo-muted">{t(cg.fromEnvironment, { name: 'BRAINTREE_PRIVATE_KEY' })}</span>,
          ],
          [t(cg.webhook), <code key="wh">{braintree.webhookPath}</code>],
        ]}
      />
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t(cg.braintree)}>
        <CheckboxField
          name="braintree-3ds"
          checked={required}
          disabled={readOnly}
          describedBy="settings-braintree-3ds-hint"
          onChange={(checked) => setRequired(checked)}
        >
          {t(cg.threeDSecure)}
        </CheckboxField>
        <p id="settings-braintree-3ds-hint" className="bo-muted">
          {t(cg.threeDSecureHint)}
        </p>
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(cg.save)} />
      </form>
    </>
  );
}
