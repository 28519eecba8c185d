import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { CheckboxField, type FieldErrors } from '../../common/form';
import { useT } from '../../common/useT';
import type { CarrierDraft } from './carrierDraft';
import { TableRates } from './TableRates';
import { m } from './settingsMessages';

/** One carrier's settings: on or off, its titles, and the price fields its kind has. */
export function CarrierFields({
  draft: d,
  currency,
  countryOptions,
  errors,
  readOnly,
  onChange,
}: {
  draft: CarrierDraft;
  currency: string;
  countryOptions: Array<{ value: string; label: string }>;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (next: Partial<CarrierDraft>) => void;
}) {
  const t = useT();
  const field = (name: string) => `carriers.${d.code}.${name}`;
  return (
    <fieldset className="bo-fieldset bo-settings-group">
      <legend>{d.title || d.code}</legend>
      <CheckboxField
        name={`${d.code}-active`}
        checked={d.active}
        disabled={readOnly}
        onChange={(active) => onChange({ active })}
      >
        {t(m.offered)}
      </CheckboxField>
      <div className="bo-form-row">
        <Field
          label={t(m.carrierTitle)}
          name={`${d.code}-title`}
          required
          readOnly={readOnly}
          hint={t(m.carrierTitleHint)}
          value={d.title}
          error={errors[field('title')]}
          onChange={(event) => onChange({ title: event.target.value })}
        />
        <Field
          label={t(m.methodTitle)}
          name={`${d.code}-methodTitle`}
          required
          readOnly={readOnly}
          hint={t(m.methodTitleHint)}
          value={d.methodTitle}
          error={errors[field('methodTitle')]}
          onChange={(event) => onChange({ methodTitle: event.target.value })}
        />
        {d.kind === 'FLAT_RATE' && (
          <>
            <Field
              label={t(m.price, { currency })}
              name={`${d.code}-price`}
              inputMode="decimal"
              required
              readOnly={readOnly}
              value={d.price}
              error={errors[field('price')]}
              onChange={(event) => onChange({ price: event.target.value })}
            />
            <Select
              label={t(m.charged)}
              name={`${d.code}-priceType`}
              disabled={readOnly}
              options={[
                { value: 'PER_ITEM', label: t(m.perItem) },
                { value: 'PER_ORDER', label: t(m.perOrder) },
              ]}
              value={d.priceType}
              error={errors[field('priceType')]}
              onChange={(event) => onChange({ priceType: event.target.value as CarrierDraft['priceType'] })}
            />
          </>
        )}
        {d.kind === 'FREE_SHIPPING' && (
          <Field
            label={t(m.freeFrom, { currency })}
            name={`${d.code}-freeThreshold`}
            inputMode="decimal"
            required
            readOnly={readOnly}
            hint={t(m.afterDiscounts)}
            value={d.freeThreshold}
            error={errors[field('freeThreshold')]}
            onChange={(event) => onChange({ freeThreshold: event.target.value })}
          />
        )}
      </div>
      {d.kind === 'TABLE_RATE' && (
        <TableRates
          draft={d}
          currency={currency}
          countryOptions={countryOptions}
          errors={errors}
          readOnly={readOnly}
          onChange={(rates) => onChange({ rates })}
        />
      )}
    </fieldset>
  );
}
