import { Plus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../../__generated__';
import type { TaxRateFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { useT } from '../../common/useT';
import { type Countries, newRowKey } from './settingsValues';
import { type TaxDraft, taxDraft } from './taxDraft';
import { TaxRateFields } from './TaxRateFields';
import { tax } from './settingsMessages';

const UpdateTaxRates = graphql(`
  mutation UpdateTaxRates($rates: [TaxRateInput!]!) {
    updateTaxRates(rates: $rates) {
      ...TaxRateFields
    }
  }
`);

export function TaxForm({
  rates,
  countries,
  readOnly,
}: {
  rates: readonly TaxRateFieldsFragment[];
  countries: Countries;
  readOnly: boolean;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [drafts, setDrafts] = useState(() => rates.map(taxDraft));
  const { errors, formError, saving, save } = useFormSave(formRef, t(tax.saved));
  const change = (key: number, next: Partial<TaxDraft>) =>
    setDrafts((list) => list.map((d) => (d.key === key ? { ...d, ...next } : d)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: FieldErrors = {};
    const seen = new Set<string>();
    const required = t(fieldMessages.required);
    const inputs = drafts.map((d, index) => {
      const field = (name: string) => `taxRates.${index}.${name}`;
      if (!d.countryId) found[field('countryId')] = required;
      const place = `${d.countryId}/${d.regionId}`;
      if (seen.has(place)) found[field('regionId')] = t(tax.duplicatePlace);
      seen.add(place);
      const text = d.ratePercent.trim().replace(',', '.');
      const rate = Number(text);
      if (text === '') found[field('ratePercent')] = required;
      else if (!Number.isFinite(rate) || rate < 0 || rate > 100) found[field('ratePercent')] = t(tax.rateInvalid);
      else if (!/^\d+(\.\d{1,4})?$/.test(text)) found[field('ratePercent')] = t(tax.decimals);
      if (!d.label.trim()) found[field('label')] = required;
      return {
        id: d.id,
        countryId: d.countryId,
        regionId: d.regionId || null,
        ratePercent: rate,
        label: d.label.trim(),
      };
    });
    void save(found, async () => {
      const saved = (await request(UpdateTaxRates, { rates: inputs })).updateTaxRates;
      setDrafts(saved.map(taxDraft));
    });
  };

  return (
    <Section id="settings-tax" title={t(tax.title)}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-tax">
        <p className="bo-muted">{t(tax.intro)}</p>
        {drafts.length === 0 && <p className="bo-muted">{t(tax.none)}</p>}
        {drafts.map((d, index) => (
          <TaxRateFields
            key={d.key}
            draft={d}
            index={index}
            countries={countries}
            errors={errors}
            readOnly={readOnly}
            onChange={(next) => change(d.key, next)}
            onRemove={() => setDrafts((list) => list.filter((r) => r.key !== d.key))}
          />
        ))}
        {!readOnly && (
          <p>
            <Button
              variant="secondary"
              onClick={() =>
                setDrafts((list) => [
                  ...list,
                  { key: newRowKey(), id: null, countryId: '', regionId: '', ratePercent: '', label: '' },
                ])
              }
            >
              <Icon icon={Plus} size={18} />
              {t(tax.add)}
            </Button>
          </p>
        )}
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(tax.save)} />
      </form>
    </Section>
  );
}
