import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import type { FieldErrors } from '../../common/form';
import type { CarrierDraft } from './carrierDraft';
import { ALL_OTHERS, newRowKey } from './settingsValues';

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
  const nameOf = (id: string) => countryOptions.find((o) => o.value === id)?.label ?? id;
  const field = (index: number, name: string) => `carriers.${draft.code}.tableRates.${index}.${name}`;
  return (
    <div className="bo-settings-rows">
      <h3>Price by destination</h3>
      {draft.rates.length === 0 && <p className="bo-muted">No rows: this method is offered nowhere.</p>}
      {draft.rates.map((rate, index) => (
        <div key={rate.key} className="bo-settings-row">
          <Select
            label={`Destination ${index + 1}`}
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
            label={`Price for ${nameOf(rate.countryId)} (${currency})`}
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
              aria-label={`Remove the row for ${nameOf(rate.countryId)}`}
              onClick={() => onChange(draft.rates.filter((r) => r.key !== rate.key))}
            >
              <Icon icon={Trash2} size={18} />
              Remove
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
          Add a destination
        </Button>
      )}
    </div>
  );
}
