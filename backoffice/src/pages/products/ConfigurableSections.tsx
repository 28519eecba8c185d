import type { Dispatch, SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import type { AdminNewConfigurableChoicesQuery } from '../../__generated__/graphql';
import type { FieldErrors } from '../../common/form';
import { variantSku } from '../variantRules';
import { m } from './configurableMessages';

export type Attribute = AdminNewConfigurableChoicesQuery['configurableAttributeChoices'][number];

export interface ConfigurableDraft {
  sku: string;
  name: string;
  urlKey: string;
  codes: string[];
  values: Record<string, string>;
  price: string;
  stock: string;
}

interface SectionProps {
  id: string;
  draft: ConfigurableDraft;
  setDraft: Dispatch<SetStateAction<ConfigurableDraft>>;
  errors: FieldErrors;
}

/** The attributes shoppers choose by, and the values of each one chosen. */
export function AttributesSection({
  id,
  draft,
  setDraft,
  errors,
  attributes,
  chosen,
}: SectionProps & { attributes: readonly Attribute[]; chosen: readonly Attribute[] }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <section aria-labelledby={`${id}-attributes`} className="bo-card">
      <fieldset
        className="bo-fieldset"
        aria-invalid={errors.attributes ? true : undefined}
        aria-describedby={errors.attributes ? `${id}-attributes-error` : undefined}
      >
        <legend id={`${id}-attributes`}>{t(m.attributes)}</legend>
        {attributes.map((attribute) => (
          <label className="bo-check" key={attribute.code}>
            <input
              type="checkbox"
              name="attributes"
              value={attribute.code}
              checked={draft.codes.includes(attribute.code)}
              onChange={(event) => {
                const on = event.target.checked;
                setDraft((d) => ({
                  ...d,
                  codes: on ? [...d.codes, attribute.code] : d.codes.filter((c) => c !== attribute.code),
                }));
              }}
            />
            {attribute.label}
          </label>
        ))}
        {errors.attributes && (
          <p id={`${id}-attributes-error`} className={fieldStyles.error}>
            {errors.attributes}
          </p>
        )}
      </fieldset>
      {chosen.map((attribute) => (
        <Field
          key={attribute.code}
          label={t(m.values, { attribute: attribute.label })}
          name={`values-${attribute.code}`}
          required
          hint={
            attribute.options.length > 0
              ? t(m.valuesHint, { known: attribute.options.slice(0, 12).join(', ') })
              : t(m.valuesHintNone)
          }
          value={draft.values[attribute.code] ?? ''}
          error={errors[`values-${attribute.code}`]}
          onChange={(e) => {
            const value = e.target.value;
            setDraft((d) => ({ ...d, values: { ...d.values, [attribute.code]: value } }));
          }}
        />
      ))}
    </section>
  );
}

/** One price and stock for every variant to start with, and the variants the values make. */
export function StartSection({ id, draft, setDraft, errors, variants }: SectionProps & { variants: string[][] }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  return (
    <section aria-labelledby={`${id}-start`} className="bo-card">
      <h2 id={`${id}-start`}>{t(m.start)}</h2>
      <div className="bo-form-row">
        <Field
          label={t(m.price)}
          name="price"
          inputMode="decimal"
          required
          value={draft.price}
          error={errors.price}
          onChange={(e) => setDraft((d) => ({ ...d, price: e.target.value }))}
        />
        <Field
          label={t(m.stock)}
          name="stock"
          inputMode="numeric"
          value={draft.stock}
          error={errors.stock}
          onChange={(e) => setDraft((d) => ({ ...d, stock: e.target.value }))}
        />
      </div>
      <div>
        <p role="status">{t(m.preview, { count: variants.length })}</p>
        {variants.length > 0 && variants.length <= 50 && (
          <ul>
            {variants.map((values) => (
              <li key={values.join('\u0000')}>
                {variantSku(draft.sku, values)} · {values.join(', ')}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
