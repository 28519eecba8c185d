import { useIntl } from 'react-intl';
import type { ValueState } from './variantSelection';
import styles from './ProductOptions.module.css';

export interface OptionView {
  code: string;
  label: string;
  values: { uid: string; label: string; swatchColor: string | null }[];
}

interface ProductOptionsProps {
  options: readonly OptionView[];
  selection: Readonly<Record<string, string>>;
  states: Readonly<Record<string, Readonly<Record<string, ValueState>>>>;
  /** Values no variant has at all; these cannot be chosen in any combination. */
  impossible: ReadonlySet<string>;
  onChoose: (code: string, uid: string) => void;
}

/**
 * One group per option: colour values as round swatches, everything else as text tiles. Toggle
 * buttons (aria-pressed) rather than radios, because a chosen value can be un-chosen again.
 * The groups are a GET form: without JavaScript a value is a submit button (`?color=Red`) and the
 * other choices ride along as hidden fields after it (the clicked value comes first, and the page
 * reads the first), so the page reloads with the choice made. With JavaScript the click is kept
 * in the page.
 */
export function ProductOptions({ options, selection, states, impossible, onChoose }: ProductOptionsProps) {
  const intl = useIntl();
  return (
    <form method="get" className={styles.options} onSubmit={(event) => event.preventDefault()}>
      {options.map((option) => {
        const chosen = option.values.find((value) => value.uid === selection[option.code]);
        const isSwatch = option.values.length > 0 && option.values.every((value) => value.swatchColor);
        return (
          <fieldset key={option.code} className={styles.group}>
            <legend className={styles.legend}>
              {chosen
                ? intl.formatMessage(
                    { id: 'product.optionChosen', defaultMessage: '{option}: {value}' },
                    { option: option.label, value: chosen.label },
                  )
                : intl.formatMessage(
                    { id: 'product.optionChoose', defaultMessage: 'Choose {option}' },
                    { option: option.label },
                  )}
            </legend>
            <div className={isSwatch ? styles.swatches : styles.tiles}>
              {option.values.map((value) => {
                const state = states[option.code]?.[value.uid] ?? 'available';
                const selected = chosen?.uid === value.uid;
                const note =
                  state === 'out_of_stock'
                    ? intl.formatMessage({ id: 'product.valueOutOfStock', defaultMessage: 'out of stock' })
                    : state === 'unavailable'
                      ? intl.formatMessage({
                          id: 'product.valueUnavailable',
                          defaultMessage: 'not available with your other choices',
                        })
                      : null;
                const name = note
                  ? intl.formatMessage(
                      { id: 'product.valueWithNote', defaultMessage: '{value} ({note})' },
                      { value: value.label, note },
                    )
                  : value.label;
                const className = [isSwatch ? styles.swatch : styles.tile, state !== 'available' && styles.struck]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <button
                    key={value.uid}
                    type="submit"
                    name={option.code}
                    value={value.label}
                    className={className}
                    aria-pressed={selected}
                    aria-label={isSwatch || note ? name : undefined}
                    title={isSwatch ? name : undefined}
                    disabled={impossible.has(value.uid)}
                    onClick={(event) => {
                      event.preventDefault();
                      onChoose(option.code, value.uid);
                    }}
                  >
                    {isSwatch ? (
                      <span
                        className={styles.colour}
                        style={{ backgroundColor: value.swatchColor ?? undefined }}
                        aria-hidden="true"
                      />
                    ) : (
                      value.label
                    )}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {options.map((option) => {
        const chosen = option.values.find((value) => value.uid === selection[option.code]);
        return chosen ? <input key={option.code} type="hidden" name={option.code} value={chosen.label} /> : null;
      })}
    </form>
  );
}
