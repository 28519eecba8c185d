import { CheckboxField, type FieldErrors } from '../../common/form';
import { useT } from '../../common/useT';
import { s } from './storeMessages';

/** A store view's switches: the currencies shoppers may pick there, and whether it is shown at all. */
export function StoreViewChoices({
  currencies,
  defaultCurrency,
  allowed,
  active,
  isDefault,
  errors,
  onChange,
}: {
  currencies: readonly string[];
  defaultCurrency: string;
  allowed: readonly string[];
  active: boolean;
  isDefault: boolean;
  errors: FieldErrors;
  onChange: (next: { allowed?: string[]; active?: boolean }) => void;
}) {
  const t = useT();
  return (
    <>
      <fieldset className="bo-fieldset" aria-describedby="stores-currencies-hint">
        <legend>{t(s.currencies)}</legend>
        {currencies.map((c) => (
          <CheckboxField
            key={c}
            name="allowedCurrencies"
            value={c}
            checked={c === defaultCurrency || allowed.includes(c)}
            disabled={c === defaultCurrency}
            invalid={Boolean(errors.allowedCurrencies)}
            onChange={(checked) => onChange({ allowed: checked ? [...allowed, c] : allowed.filter((x) => x !== c) })}
          >
            {c}
          </CheckboxField>
        ))}
        <p id="stores-currencies-hint" className="bo-muted">
          {t(s.currenciesHint)}
        </p>
        {errors.allowedCurrencies && (
          <p className="bo-inline-error" role="alert">
            {errors.allowedCurrencies}
          </p>
        )}
      </fieldset>
      <CheckboxField
        name="active"
        checked={isDefault || active}
        disabled={isDefault}
        describedBy={isDefault ? 'stores-default-active' : undefined}
        invalid={Boolean(errors.active)}
        onChange={(checked) => onChange({ active: checked })}
      >
        {t(s.activeLabel)}
      </CheckboxField>
      {isDefault && (
        <p id="stores-default-active" className="bo-muted">
          {t(s.defaultAlwaysActive)}
        </p>
      )}
      {errors.active && (
        <p className="bo-inline-error" role="alert">
          {errors.active}
        </p>
      )}
    </>
  );
}
