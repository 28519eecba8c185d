import { Plus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminProductFieldsFragment } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useQuery } from '../api/useQuery';
import { formatMoney } from '../common/format';
import { ErrorMessage } from '../common/ui';
import { parseAmount, parseStock, variantSku } from './variantRules';

// A configurable product's variants: the list, taking one out, and adding one. Each is its own
// request, apart from the product form, so a half-edited product form is never sent with it.

const AttributeChoices = graphql(`
  query AdminConfigurableAttributeChoices {
    configurableAttributeChoices {
      code
      label
      options
    }
  }
`);

const AddVariants = graphql(`
  mutation AddProductVariants($sku: String!, $variants: [AdminVariantInput!]!) {
    addProductVariants(sku: $sku, variants: $variants) {
      ...AdminProductFields
    }
  }
`);

const RemoveVariant = graphql(`
  mutation RemoveProductVariant($sku: String!, $variantSku: String!) {
    removeProductVariant(sku: $sku, variantSku: $variantSku) {
      ...AdminProductFields
    }
  }
`);

const m = defineMessages({
  variants: { id: 'bo.variants.title', defaultMessage: 'Variants' },
  sku: { id: 'bo.variants.sku', defaultMessage: 'SKU' },
  options: { id: 'bo.variants.options', defaultMessage: 'Options' },
  status: { id: 'bo.variants.status', defaultMessage: 'Status' },
  stock: { id: 'bo.variants.stock', defaultMessage: 'Stock' },
  price: { id: 'bo.variants.price', defaultMessage: 'Price' },
  actions: { id: 'bo.variants.actions', defaultMessage: 'Actions' },
  on: { id: 'bo.variants.on', defaultMessage: 'Enabled' },
  off: { id: 'bo.variants.off', defaultMessage: 'Disabled' },
  editHint: {
    id: 'bo.variants.editHint',
    defaultMessage: "A variant's price and stock are edited on its own page: follow its SKU.",
  },
  remove: { id: 'bo.variants.remove', defaultMessage: 'Take out {sku}' },
  removeShort: { id: 'bo.variants.removeShort', defaultMessage: 'Take out' },
  confirmRemove: {
    id: 'bo.variants.confirmRemove',
    defaultMessage: 'Take {sku} out of this product? It stays in the catalog, switched off.',
  },
  removed: { id: 'bo.variants.removed', defaultMessage: '{sku} is taken out.' },
  add: { id: 'bo.variants.add', defaultMessage: 'Add a variant' },
  addHint: {
    id: 'bo.variants.addHint',
    defaultMessage: 'Pick a value the shop has or type a new one; a new value is created.',
  },
  skuHint: { id: 'bo.variants.skuHint', defaultMessage: 'Leave empty for {sku}' },
  addButton: { id: 'bo.variants.addButton', defaultMessage: 'Add variant' },
  added: { id: 'bo.variants.added', defaultMessage: '{sku} is added.' },
  priceLabel: { id: 'bo.variants.priceLabel', defaultMessage: 'Price ({currency})' },
  stockLabel: { id: 'bo.variants.stockLabel', defaultMessage: 'Quantity in stock' },
  notNumber: { id: 'bo.variants.notNumber', defaultMessage: 'Enter an amount such as 29.50, 0 or more.' },
  notWhole: { id: 'bo.variants.notWhole', defaultMessage: 'Enter a whole number, 0 or more.' },
});

type Product = AdminProductFieldsFragment;

export function ProductVariants({
  product,
  readOnly,
  onSaved,
}: {
  product: Product;
  readOnly: boolean;
  onSaved: (product: Product) => void;
}) {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const toast = useToast();
  const id = useId();
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = async (sku: string) => {
    if (removing || !window.confirm(t(m.confirmRemove, { sku }))) return;
    setRemoving(sku);
    setError(null);
    try {
      const result = await request(RemoveVariant, { sku: product.sku, variantSku: sku });
      onSaved(result.removeProductVariant);
      toast.show(t(m.removed, { sku }), { tone: 'success' });
      // The row and its button are gone: the section's heading keeps the reader's place.
      headingRef.current?.focus();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="bo-card">
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {t(m.variants)}
      </h2>
      <p className="bo-muted">{t(m.editHint)}</p>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{t(m.sku)}</th>
              <th scope="col">{t(m.options)}</th>
              <th scope="col">{t(m.status)}</th>
              <th scope="col" className="bo-num">
                {t(m.stock)}
              </th>
              <th scope="col" className="bo-num">
                {t(m.price)}
              </th>
              {!readOnly && <th scope="col">{t(m.actions)}</th>}
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <tr key={variant.sku}>
                <th scope="row">
                  <Link to={`/products/${encodeURIComponent(variant.sku)}`}>{variant.sku}</Link>
                </th>
                <td>{variant.options.join(', ')}</td>
                <td>{variant.enabled ? t(m.on) : t(m.off)}</td>
                <td className="bo-num">{intl.formatNumber(variant.stockQty)}</td>
                <td className="bo-num">{formatMoney(intl, variant.specialPrice ?? variant.price)}</td>
                {!readOnly && (
                  <td>
                    <Button
                      variant="secondary"
                      busy={removing === variant.sku}
                      aria-label={t(m.remove, { sku: variant.sku })}
                      onClick={() => void remove(variant.sku)}
                    >
                      {t(m.removeShort)}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {!readOnly && <AddVariantForm product={product} onSaved={onSaved} />}
    </section>
  );
}

function AddVariantForm({ product, onSaved }: { product: Product; onSaved: (product: Product) => void }) {
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
      setFormError(caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught));
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
      <div className="bo-form-row">
        {product.configurableAttributes.map((attribute) => (
          <div key={attribute.code}>
            <Field
              label={attribute.label}
              name={`value-${attribute.code}`}
              list={`${id}-${attribute.code}-values`}
              autoComplete="off"
              required
              value={draft.values[attribute.code] ?? ''}
              error={errors[`value-${attribute.code}`]}
              onChange={(event) => {
                const value = event.target.value;
                setDraft((d) => ({ ...d, values: { ...d.values, [attribute.code]: value } }));
              }}
            />
            <datalist id={`${id}-${attribute.code}-values`}>
              {optionsOf(attribute.code).map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          </div>
        ))}
      </div>
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
