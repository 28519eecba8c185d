import { Trash2 } from 'lucide-react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import type { FieldErrors } from '../../common/form';
import { useT } from '../../common/useT';
import type { Countries } from './settingsValues';
import { m, tax } from './settingsMessages';
import type { TaxDraft } from './taxDraft';

/** One tax rate: where it applies, how much, and what carts call it. */
export function TaxRateFields({
  draft: d,
  index,
  countries,
  errors,
  readOnly,
  onChange,
  onRemove,
}: {
  draft: TaxDraft;
  index: number;
  countries: Countries;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (next: Partial<TaxDraft>) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const countryOptions = countries.map((c) => ({ value: c.id, label: c.name }));
  const field = (name: string) => `taxRates.${index}.${name}`;
  const regions = countries.find((c) => c.id === d.countryId)?.regions ?? [];
  const countryName = countries.find((c) => c.id === d.countryId)?.name ?? d.countryId;
  return (
    <fieldset className="bo-fieldset bo-settings-group">
      <legend>{d.label.trim() || t(tax.rateN, { n: index + 1 })}</legend>
      <div className="bo-settings-row bo-settings-tax-row">
        <Select
          label={t(tax.country)}
          name={`tax-${index}-country`}
          required
          disabled={readOnly}
          placeholder={t(tax.chooseCountry)}
          options={countryOptions}
          value={d.countryId}
          error={errors[field('countryId')]}
          onChange={(event) => onChange({ countryId: event.target.value, regionId: '' })}
        />
        <Select
          label={t(tax.region)}
          name={`tax-${index}-region`}
          disabled={readOnly || regions.length === 0}
          options={[
            { value: '', label: countryName ? t(tax.allOf, { country: countryName }) : t(tax.allOfCountry) },
            ...regions.map((r) => ({ value: r.id, label: r.name })),
          ]}
          value={d.regionId}
          error={errors[field('regionId')]}
          onChange={(event) => onChange({ regionId: event.target.value })}
        />
        <Field
          label={t(tax.rate)}
          name={`tax-${index}-rate`}
          inputMode="decimal"
          required
          readOnly={readOnly}
          value={d.ratePercent}
          error={errors[field('ratePercent')]}
          onChange={(event) => onChange({ ratePercent: event.target.value })}
        />
        <Field
          label={t(tax.label)}
          name={`tax-${index}-label`}
          required
          readOnly={readOnly}
          value={d.label}
          error={errors[field('label')]}
          onChange={(event) => onChange({ label: event.target.value })}
        />
        {!readOnly && (
          <Button
            variant="ghost"
            className="bo-settings-remove"
            aria-label={t(tax.remove, { name: d.label.trim() || index + 1 })}
            onClick={onRemove}
          >
            <Icon icon={Trash2} size={18} />
            {t(m.remove)}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
