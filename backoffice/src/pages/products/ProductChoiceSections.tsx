import { useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { CheckboxField } from '../../common/form';
import type { Draft, ProductSectionProps } from './productDraft';
import { productMessages as m } from './productMessages';

export interface AttributeChoice {
  code: string;
  label: string;
  options: string[];
}

/** The categories the product is in, one checkbox each. */
export function ProductCategorySection({
  id,
  choices,
  draft,
  errors,
  readOnly,
  set,
}: ProductSectionProps & { choices: Array<{ id: string; path: string }> }) {
  const intl = useIntl();
  return (
    <section aria-labelledby={`${id}-categories`} className="bo-card">
      <fieldset className="bo-fieldset" aria-describedby={errors.categoryIds ? `${id}-cat-error` : undefined}>
        <legend id={`${id}-categories`}>{intl.formatMessage(m.categories)}</legend>
        {choices.length === 0 && <p className="bo-muted">{intl.formatMessage(m.noCategories)}</p>}
        {choices.map((choice) => (
          <CheckboxField
            key={choice.id}
            name="categoryIds"
            value={choice.id}
            checked={draft.categoryIds.includes(choice.id)}
            disabled={readOnly}
            onChange={(checked) =>
              set(
                'categoryIds',
                checked ? [...draft.categoryIds, choice.id] : draft.categoryIds.filter((c) => c !== choice.id),
              )
            }
          >
            {choice.path}
          </CheckboxField>
        ))}
        {errors.categoryIds && (
          <p id={`${id}-cat-error`} className={fieldStyles.error}>
            {errors.categoryIds}
          </p>
        )}
      </fieldset>
    </section>
  );
}

/** The product's own attributes, each a comma-separated list with the shop's values offered. */
export function ProductAttributeSection({
  id,
  attributes,
  draft,
  errors,
  readOnly,
  setDraft,
}: Omit<ProductSectionProps, 'set'> & {
  attributes: readonly AttributeChoice[];
  setDraft: (change: (draft: Draft) => Draft) => void;
}) {
  const intl = useIntl();
  return (
    <section aria-labelledby={`${id}-attributes`} className="bo-card">
      <h2 id={`${id}-attributes`}>{intl.formatMessage(m.attributes)}</h2>
      <p id={`${id}-attributes-hint`} className="bo-muted">
        {intl.formatMessage(m.attributesHint)}
      </p>
      {errors.attributes && (
        <p id={`${id}-attributes-error`} className={fieldStyles.error} role="alert">
          {errors.attributes}
        </p>
      )}
      <div className="bo-form-row">
        {attributes.map((attribute) => (
          <div key={attribute.code}>
            <Field
              label={attribute.label}
              name={`attribute-${attribute.code}`}
              list={`${id}-${attribute.code}-values`}
              autoComplete="off"
              readOnly={readOnly}
              aria-describedby={`${id}-attributes-hint${errors.attributes ? ` ${id}-attributes-error` : ''}`}
              aria-invalid={errors.attributes ? true : undefined}
              value={draft.attributes[attribute.code] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setDraft((d) => ({ ...d, attributes: { ...d.attributes, [attribute.code]: value } }));
              }}
            />
            <datalist id={`${id}-${attribute.code}-values`}>
              {attribute.options.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          </div>
        ))}
      </div>
    </section>
  );
}
