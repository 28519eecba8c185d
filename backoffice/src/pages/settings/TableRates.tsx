import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import type { FieldErrors } from '../../common/form';
import { useT } from '../../common/useT';
import type { CarrierDraft } from './carrierDraft';
import { ALL_OTHERS, newRowKey } from './settingsValues';
import { m } from './settingsMessages';

export function TableRates({
  draft,
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
  onChange: (rates: CarrierDraft['rates']) => void;
}) {
  const t = useT();
  const nameOf = (id: string) => countryOptions.find((o) => o.value === id)?.label ?? id;
  const field = (index: number, name: string) => `carriers.${draft.code}.tableRates.${index}.${name}`;
  return (
    <div className="bo-settings-rows">
      <h3>{t(m.byDestination)}</h3>
      {draft.rates.length === 0 && <p className="bo-muted">{t(m.noRows)}</p>}
      {draft.rates.map((rate, index) => (
        <div key={rate.key} className="bo-settings-row">
          <Select
            label={t(m.destination, { n: index + 1 })}
            name={`${draft.code}-rate-${index}-country`}
            disabled={readOnly}
            options={countryOptions}
            value={rate.countryId}
            error={errors[field(index, 'countryId')]}
            onChange={(event) =>
              onChange(draft.rates.map((r) => (r.key === rate.key ? { ...r, countryId: event.target.value } : r)))
            }
          />
          <Field
            label={t(m.priceFor, { country: nameOf(rate.countryId), currency })}
            name={`${draft.code}-rate-${index}-price`}
            inputMode="decimal"
            required
            readOnly={readOnly}
            value={rate.price}
            error={errors[field(index, 'price')]}
            onChange={(event) =>
              onChange(draft.rates.map((r) => (r.key === rate.key ? { ...r, price: event.target.value } : r)))
            }
          />
          {!readOnly && (
            <Button
              variant="ghost"
              className="bo-settings-remove"
              aria-label={t(m.removeRow, { country: nameOf(rate.countryId) })}
              onClick={() => onChange(draft.rates.filter((r) => r.key !== rate.key))}
            >
              <Icon icon={Trash2} size={18} />
              {t(m.remove)}
            </Button>
          )}
        </div>
      ))}
      {!readOnly && (
        <Button
          variant="secondary"
          onClick={() => {
            const used = new Set(draft.rates.map((r) => r.countryId));
            const free = countryOptions.find((o) => !used.has(o.value))?.value ?? ALL_OTHERS;
            onChange([...draft.rates, { key: newRowKey(), countryId: free, price: '' }]);
          }}
        >
          <Icon icon={Plus} size={18} />
          {t(m.addDestination)}
        </Button>
      )}
    </div>
  );
}
