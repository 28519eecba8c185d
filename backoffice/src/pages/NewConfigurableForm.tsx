import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { ApiError, request } from '../api/client';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { combinations, parseAmount, parseStock, valueList, variantSku } from './variantRules';

// A new configurable product: the attributes shoppers choose by, the values of each, and one
// price and stock for every variant to start with (each variant's own page changes them after).
// The variants are every combination of the values, as Magento's own configuration wizard makes.

const Choices = graphql(`
  query AdminNewConfigurableChoices {
    configurableAttributeChoices {
      code
      label
      options
    }
  }
`);

const CreateConfigurable = graphql(`
  mutation CreateConfigurableProduct($input: AdminNewConfigurableInput!) {
    createConfigurableProduct(input: $input) {
      sku
    }
  }
`);

const MAX_VARIANTS = 200;

const m = defineMessages({
  allProducts: { id: 'bo.configurable.allProducts', defaultMessage: 'All products' },
  title: { id: 'bo.configurable.title', defaultMessage: 'New configurable product' },
  intro: {
    id: 'bo.configurable.intro',
    defaultMessage:
      'A product shoppers buy in one of several versions, such as a colour and a size. Each combination of values becomes a variant with its own SKU, price and stock.',
  },
  loading: { id: 'bo.configurable.loading', defaultMessage: 'Loading the attributes…' },
  general: { id: 'bo.configurable.general', defaultMessage: 'General' },
  sku: { id: 'bo.configurable.sku', defaultMessage: 'SKU' },
  name: { id: 'bo.configurable.name', defaultMessage: 'Name' },
  urlKey: { id: 'bo.configurable.urlKey', defaultMessage: 'URL key' },
  urlKeyHint: { id: 'bo.configurable.urlKeyHint', defaultMessage: 'Leave empty to make it from the name' },
  attributes: { id: 'bo.configurable.attributes', defaultMessage: 'Shoppers choose by' },
  chooseOne: { id: 'bo.configurable.chooseOne', defaultMessage: 'Choose at least one attribute.' },
  values: { id: 'bo.configurable.values', defaultMessage: 'Values of {attribute}' },
  valuesHint: {
    id: 'bo.configurable.valuesHint',
    defaultMessage: 'Separated by commas. The shop has: {known}',
  },
  valuesHintNone: { id: 'bo.configurable.valuesHintNone', defaultMessage: 'Separated by commas, for example S, M, L' },
  start: { id: 'bo.configurable.start', defaultMessage: 'Every variant to start with' },
  price: { id: 'bo.configurable.price', defaultMessage: 'Price' },
  stock: { id: 'bo.configurable.stock', defaultMessage: 'Quantity in stock' },
  notNumber: { id: 'bo.configurable.notNumber', defaultMessage: 'Enter an amount such as 29.50, 0 or more.' },
  notWhole: { id: 'bo.configurable.notWhole', defaultMessage: 'Enter a whole number, 0 or more.' },
  preview: {
    id: 'bo.configurable.preview',
    defaultMessage: '{count, plural, =0 {No variants yet.} one {# variant:} other {# variants:}}',
  },
  tooMany: { id: 'bo.configurable.tooMany', defaultMessage: 'At most {max} variants; remove some values.' },
  create: { id: 'bo.configurable.create', defaultMessage: 'Create product' },
  created: { id: 'bo.configurable.created', defaultMessage: 'The product is created.' },
  afterwards: {
    id: 'bo.configurable.afterwards',
    defaultMessage: 'Categories, texts and images are set on the product page once it is created.',
  },
});

interface Draft {
  sku: string;
  name: string;
  urlKey: string;
  codes: string[];
  values: Record<string, string>;
  price: string;
  stock: string;
}

export function NewConfigurableForm() {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const navigate = useNavigate();
  const toast = useToast();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const choices = useQuery(Choices);
  const [draft, setDraft] = useState<Draft>({
    sku: '',
    name: '',
    urlKey: '',
    codes: [],
    values: {},
    price: '',
    stock: '0',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const attributes = choices.data?.configurableAttributeChoices ?? [];
  const chosen = draft.codes.flatMap((code) => attributes.filter((a) => a.code === code));
  const lists = chosen.map((a) => valueList(draft.values[a.code] ?? ''));
  const variants = chosen.length > 0 && lists.every((l) => l.length > 0) ? combinations(lists) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found: Record<string, string> = {};
    const required = t(fieldMessages.required);
    if (!draft.sku.trim()) found.sku = required;
    if (!draft.name.trim()) found.name = required;
    if (chosen.length === 0) found.attributes = t(m.chooseOne);
    chosen.forEach((a, i) => {
      if (lists[i]!.length === 0) found[`values-${a.code}`] = required;
    });
    const price = parseAmount(draft.price);
    if (draft.price.trim() === '') found.price = required;
    else if (price === null) found.price = t(m.notNumber);
    const stock = parseStock(draft.stock);
    if (stock === null) found.stock = t(m.notWhole);
    if (variants.length > MAX_VARIANTS) found.attributes = t(m.tooMany, { max: MAX_VARIANTS });
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    setSaving(true);
    try {
      const sku = draft.sku.trim();
      const result = await request(CreateConfigurable, {
        input: {
          sku,
          name: draft.name.trim(),
          urlKey: draft.urlKey.trim() || null,
          attributeCodes: chosen.map((a) => a.code),
          variants: variants.map((values) => ({
            sku: variantSku(sku, values),
            options: chosen.map((a, i) => ({ code: a.code, label: values[i]! })),
            price: price!,
            stockQty: stock!,
          })),
        },
      });
      toast.show(t(m.created), { tone: 'success' });
      void navigate(`/products/${encodeURIComponent(result.createConfigurableProduct.sku)}`);
    } catch (caught) {
      setFormError(caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <p className="bo-back">
        <Link to="/products">
          <Icon icon={ArrowLeft} size={18} />
          {t(m.allProducts)}
        </Link>
      </p>
      <PageHeading title={t(m.title)}>{t(m.title)}</PageHeading>
      <p>{t(m.intro)}</p>
      {choices.error && <ErrorMessage onRetry={choices.refetch}>{choices.error.message}</ErrorMessage>}
      {!choices.data && choices.loading && <Loading label={t(m.loading)} />}
      {choices.data && (
        <form ref={formRef} className="bo-product-form" onSubmit={(e) => void submit(e)} noValidate>
          <section aria-labelledby={`${id}-general`} className="bo-card">
            <h2 id={`${id}-general`}>{t(m.general)}</h2>
            <Field
              label={t(m.sku)}
              name="sku"
              required
              value={draft.sku}
              error={errors.sku}
              onChange={(e) => setDraft((d) => ({ ...d, sku: e.target.value }))}
            />
            <Field
              label={t(m.name)}
              name="name"
              required
              value={draft.name}
              error={errors.name}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
            <Field
              label={t(m.urlKey)}
              name="urlKey"
              hint={t(m.urlKeyHint)}
              value={draft.urlKey}
              onChange={(e) => setDraft((d) => ({ ...d, urlKey: e.target.value }))}
            />
            <p className="bo-muted">{t(m.afterwards)}</p>
          </section>

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

          {formError && <ErrorMessage>{formError}</ErrorMessage>}
          <p>
            <Button type="submit" busy={saving}>
              {t(m.create)}
            </Button>
          </p>
        </form>
      )}
    </>
  );
}
