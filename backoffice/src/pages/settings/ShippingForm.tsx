import { type FormEvent, useRef, useState } from 'react';
import { graphql } from '../../__generated__';
import type { ShippingSettingsFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { useT } from '../../common/useT';
import { type CarrierDraft, carrierDraft } from './carrierDraft';
import { ALL_OTHERS, amountOf, type Countries } from './settingsValues';
import { CarrierFields } from './CarrierFields';
import { m } from './settingsMessages';

const UpdateShippingSettings = graphql(`
  mutation UpdateShippingSettings($carriers: [ShippingCarrierInput!]!) {
    updateShippingSettings(carriers: $carriers) {
      ...ShippingSettingsFields
    }
  }
`);

export function ShippingForm({
  shipping,
  countries,
  readOnly,
}: {
  shipping: ShippingSettingsFieldsFragment;
  countries: Countries;
  readOnly: boolean;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState(() => shipping.carriers.map(carrierDraft));
  const { errors, formError, saving, save } = useFormSave(formRef, t(m.shippingSaved));
  const currency = shipping.baseCurrency;
  const countryOptions = [
    { value: ALL_OTHERS, label: t(m.allOthers) },
    ...countries.map((c) => ({ value: c.id, label: c.name })),
  ];
  const change = (index: number, next: Partial<CarrierDraft>) =>
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, ...next } : d)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: FieldErrors = {};
    const required = t(fieldMessages.required);
    const inputs = drafts.map((d) => {
      const field = (name: string) => `carriers.${d.code}.${name}`;
      if (!d.title.trim()) found[field('title')] = required;
      if (!d.methodTitle.trim()) found[field('methodTitle')] = required;
      const price = d.kind === 'FLAT_RATE' ? amountOf(t, d.price) : 0;
      if (typeof price === 'string') found[field('price')] = price;
      const threshold = d.kind === 'FREE_SHIPPING' ? amountOf(t, d.freeThreshold) : 0;
      if (typeof threshold === 'string') found[field('freeThreshold')] = threshold;
      const seen = new Set<string>();
      const rates = d.rates.map((rate, index) => {
        const amount = amountOf(t, rate.price);
        if (typeof amount === 'string') found[field(`tableRates.${index}.price`)] = amount;
        if (seen.has(rate.countryId)) found[field(`tableRates.${index}.countryId`)] = t(m.duplicateCountry);
        seen.add(rate.countryId);
        return { countryId: rate.countryId === ALL_OTHERS ? null : rate.countryId, price: Number(amount) };
      });
      return {
        code: d.code,
        active: d.active,
        title: d.title.trim(),
        methodTitle: d.methodTitle.trim(),
        price: d.kind === 'FLAT_RATE' ? Number(price) : null,
        priceType: d.kind === 'FLAT_RATE' ? d.priceType : null,
        freeThreshold: d.kind === 'FREE_SHIPPING' ? Number(threshold) : null,
        tableRates: d.kind === 'TABLE_RATE' ? rates : null,
      };
    });
    void save(found, async () => {
      const saved = (await request(UpdateShippingSettings, { carriers: inputs })).updateShippingSettings;
      setDrafts(saved.carriers.map(carrierDraft));
    });
  };

  return (
    <Section id="settings-shipping" title={t(m.shipping)}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-shipping">
        <p className="bo-muted">{t(m.currencyNote, { currency })}</p>
        {drafts.map((d, index) => (
          <CarrierFields
            key={d.code}
            draft={d}
            currency={currency}
            countryOptions={countryOptions}
            errors={errors}
            readOnly={readOnly}
            onChange={(next) => change(index, next)}
          />
        ))}
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(m.saveShipping)} />
      </form>
    </Section>
  );
}
