import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import type { BundleChoices, BundleOptionView, BundleSelectionView } from './bundleOptions';
import styles from './CustomOptionsForm.module.css';

interface BundleOptionsFormProps {
  options: readonly BundleOptionView[];
  choices: BundleChoices;
  /** The chosen selections of an option (one for radio and drop-down options). */
  onChoose: (optionId: number, selectionIds: number[]) => void;
  onQuantity: (optionId: number, selectionId: number, quantity: number) => void;
  /** The display currency, for prices. */
  currency: string;
}

/**
 * A bundle's options above Add to cart, as native controls: radio buttons, a drop-down, or check
 * boxes (for check-box and multi-select options, which take several products). Each product
 * says what it costs; a chosen product whose quantity the shopper may change gets a quantity
 * field. Out-of-stock products are shown, and cannot be chosen.
 */
export function BundleOptionsForm({ options, choices, onChoose, onQuantity, currency }: BundleOptionsFormProps) {
  const intl = useIntl();
  const labelOf = (s: BundleSelectionView) => {
    const each = s.percent
      ? intl.formatNumber(s.price / 100, { style: 'percent', maximumFractionDigits: 2 })
      : intl.formatNumber(s.price, { style: 'currency', currency });
    const text =
      s.quantity > 1
        ? intl.formatMessage(
            { id: 'product.bundle.selectionQty', defaultMessage: '{quantity} × {name} (+{price} each)' },
            { quantity: s.quantity, name: s.label, price: each },
          )
        : s.price === 0
          ? s.label
          : intl.formatMessage(
              { id: 'product.bundle.selection', defaultMessage: '{name} (+{price})' },
              { name: s.label, price: each },
            );
    return s.inStock
      ? text
      : intl.formatMessage({ id: 'product.bundle.soldOut', defaultMessage: '{name} — sold out' }, { name: text });
  };

  return (
    <div className={styles.form} data-testid="bundle-options">
      {options.map((option) => {
        const chosen = choices[option.id] ?? {};
        const chosenIds = Object.keys(chosen).map(Number);
        const quantities = option.selections
          .filter((s) => s.canChangeQuantity && chosen[s.id] !== undefined)
          .map((s) => (
            <Field
              key={s.id}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              label={intl.formatMessage(
                { id: 'product.bundle.quantityOf', defaultMessage: 'Quantity of {name}' },
                { name: s.label },
              )}
              value={String(chosen[s.id] ?? s.quantity)}
              onChange={(e) => onQuantity(option.id, s.id, Number(e.target.value))}
            />
          ));
        if (option.kind === 'select')
          return (
            <div key={option.uid}>
              <Select
                label={option.title}
                required={option.required}
                placeholder={intl.formatMessage({ id: 'product.customOption.choose', defaultMessage: 'Choose…' })}
                options={option.selections
                  .filter((s) => s.inStock)
                  .map((s) => ({ value: String(s.id), label: labelOf(s) }))}
                value={chosenIds[0] === undefined ? '' : String(chosenIds[0])}
                onChange={(e) => onChoose(option.id, e.target.value === '' ? [] : [Number(e.target.value)])}
              />
              {quantities}
            </div>
          );
        const single = option.kind === 'radio';
        return (
          <fieldset key={option.uid} className={styles.group}>
            <legend className={styles.legend}>
              {option.title}
              {option.required && (
                <>
                  <span className={styles.required} aria-hidden="true">
                    *
                  </span>
                  <span className="visually-hidden">
                    <FormattedMessage id="product.customOption.required" defaultMessage="(required)" />
                  </span>
                </>
              )}
            </legend>
            {option.selections.map((s) => (
              <label key={s.id} className={styles.choice}>
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={option.uid}
                  value={String(s.id)}
                  disabled={!s.inStock}
                  checked={chosen[s.id] !== undefined}
                  onChange={(e) =>
                    onChoose(
                      option.id,
                      single ? [s.id] : e.target.checked ? [...chosenIds, s.id] : chosenIds.filter((id) => id !== s.id),
                    )
                  }
                />
                {labelOf(s)}
              </label>
            ))}
            {quantities}
          </fieldset>
        );
      })}
    </div>
  );
}
