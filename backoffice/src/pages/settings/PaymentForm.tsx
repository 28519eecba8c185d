import { type FormEvent, useRef, useState } from 'react';
import { graphql } from '../../__generated__';
import type { PaymentSettingsFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { CheckboxField, FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { useT } from '../../common/useT';
import { m as words } from './settingsMessages';

const UpdatePaymentSettings = graphql(`
  mutation UpdatePaymentSettings($methods: [PaymentMethodSettingInput!]!) {
    updatePaymentSettings(methods: $methods) {
      ...PaymentSettingsFields
    }
  }
`);

export function PaymentForm({
  methods,
  readOnly,
}: {
  methods: readonly PaymentSettingsFieldsFragment[];
  readOnly: boolean;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [active, setActive] = useState(() => new Map(methods.map((m) => [m.code, m.active])));
  const { errors, formError, saving, save } = useFormSave(formRef, t(words.paymentSaved));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: FieldErrors = {
      methods: [...active.values()].some(Boolean) ? undefined : t(words.paymentNone),
    };
    void save(found, async () => {
      const saved = (
        await request(UpdatePaymentSettings, {
          methods: methods.map((m) => ({ code: m.code, active: active.get(m.code) ?? false })),
        })
      ).updatePaymentSettings;
      setActive(new Map(saved.map((m) => [m.code, m.active])));
    });
  };
  const error = errors.methods;
  return (
    <Section id="settings-payment" title={t(words.payment)}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-payment">
        <fieldset className="bo-fieldset" aria-describedby={error ? 'settings-payment-error' : undefined}>
          <legend>{t(words.offered)}</legend>
          {methods.map((m) => (
            <CheckboxField
              key={m.code}
              name={`payment-${m.code}`}
              checked={active.get(m.code) ?? false}
              disabled={readOnly}
              invalid={Boolean(error)}
              onChange={(checked) => setActive((map) => new Map(map).set(m.code, checked))}
            >
              {m.title}
            </CheckboxField>
          ))}
        </fieldset>
        {error && (
          <p id="settings-payment-error" className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <p className="bo-muted">{t(words.freeCart)}</p>
        <FormFooter error={error ? null : formError} saving={saving} readOnly={readOnly} label={t(words.savePayment)} />
      </form>
    </Section>
  );
}
