import type { Product } from './productDraft';
import { messageOf } from '../../common/errorText';
import { m } from './variantMessages';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useQuery } from '../../api/useQuery';
import { ErrorMessage } from '../../common/ui';
import { parseAmount, parseStock, variantSku } from '../variantRules';

const AddVariants = graphql(`
  mutation AddProductVariants($sku: String!, $variants: [AdminVariantInput!]!) {
    addProductVariants(sku: $sku, variants: $variants) {
      ...AdminProductFields
    }
  }
`);

const AttributeChoices = graphql(`
  query AdminConfigurableAttributeChoices {
    configurableAttributeChoices {
      code
      label
      options
    }
  }
`);

export function AddVariantForm({ product, onSaved }: { product: Product; onSaved: (product: Product) => void }) {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const toast = useToast();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const choices = useQuery(AttributeChoices);
  const currency = product.price.currency;
  const blank = () => ({
    values: Object.fromEntries(product.configurableAttributes.map((a) => [a.code, ''])) as Record<string, string>,
    sku: '',
    price: product.variants[0] ? String(product.variants[0].price.value) : '',
    stock: '0',
  });
  const [draft, setDraft] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const suggestedSku = variantSku(
    product.sku,
    product.configurableAttributes.map((a) => draft.values[a.code] ?? ''),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found: Record<string, string> = {};
    const required = t(fieldMessages.required);
    for (const attribute of product.configurableAttributes)
      if (!draft.values[attribute.code]?.trim()) found[`value-${attribute.code}`] = required;
    const price = parseAmount(draft.price);
    if (draft.price.trim() === '') found.price = required;
    else if (price === null) found.price = t(m.notNumber);
    const stock = parseStock(draft.stock);
    if (stock === null) found.stock = t(m.notWhole);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const sku = draft.sku.trim() || suggestedSku;
    setSaving(true);
    try {
      const result = await request(AddVariants, {
        sku: product.sku,
        variants: [
          {
            sku,
            options: product.configurableAttributes.map((a) => ({ code: a.code, label: draft.values[a.code]!.trim() })),
            price: price!,
            stockQty: stock!,
          },
        ],
      });
      toast.show(t(m.added, { sku }), { tone: 'success' });
      setDraft(blank());
      onSaved(result.addProductVariants);
    } catch (caught) {
      setFormError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };
  const optionsOf = (code: string) =>
    choices.data?.configurableAttributeChoices.find((choice) => choice.code === code)?.options ?? [];
  return (
    <form
      ref={formRef}
      className="bo-subform"
      aria-labelledby={`${id}-add`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id={`${id}-add`}>{t(m.add)}</h3>
      <p className="bo-muted">{t(m.addHint)}</p>
      <VariantValueFields
        id={id}
        attributes={product.configurableAttributes}
        values={draft.values}
        errors={errors}
        optionsOf={optionsOf}
        onChange={(code, value) => setDraft((d) => ({ ...d, values: { ...d.values, [code]: value } }))}
      />
      <div className="bo-form-row">
        <Field
          label={t(m.sku)}
          name="sku"
          hint={t(m.skuHint, { sku: suggestedSku })}
          value={draft.sku}
          onChange={(event) => setDraft((d) => ({ ...d, sku: event.target.value }))}
        />
        <Field
          label={t(m.priceLabel, { currency })}
          name="price"
          inputMode="decimal"
          required
          value={draft.price}
          error={errors.price}
          onChange={(event) => setDraft((d) => ({ ...d, price: event.target.value }))}
        />
        <Field
          label={t(m.stockLabel)}
          name="stock"
          inputMode="numeric"
          value={draft.stock}
          error={errors.stock}
          onChange={(event) => setDraft((d) => ({ ...d, stock: event.target.value }))}
        />
      </div>
      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      <Button type="submit" variant="secondary" busy={saving}>
        <Icon icon={Plus} size={18} />
        {t(m.addButton)}
      </Button>
    </form>
  );
}

/** One field per choice attribute (colour, size), with the values the shop has offered. */
function VariantValueFields({
  id,
  attributes,
  values,
  errors,
  optionsOf,
  onChange,
}: {
  id: string;
  attributes: ReadonlyArray<{ code: string; label: string }>;
  values: Record<string, string>;
  errors: Record<string, string>;
  optionsOf: (code: string) => readonly string[];
  onChange: (code: string, value: string) => void;
}) {
  return (
    <div className="bo-form-row">
      {attributes.map((attribute) => (
        <div key={attribute.code}>
          <Field
            label={attribute.label}
            name={`value-${attribute.code}`}
            list={`${id}-${attribute.code}-values`}
            autoComplete="off"
            required
            value={values[attribute.code] ?? ''}
            error={errors[`value-${attribute.code}`]}
            onChange={(event) => onChange(attribute.code, event.target.value)}
          />
          <datalist id={`${id}-${attribute.code}-values`}>
            {optionsOf(attribute.code).map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </div>
      ))}
    </div>
  );
}
