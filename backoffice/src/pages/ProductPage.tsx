import { ArrowLeft } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminProductFieldsFragment } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { ProductGallery } from './ProductGallery';
import { ProductVariants } from './ProductVariants';
import { valueList } from './variantRules';

graphql(`
  fragment AdminProductFields on AdminProduct {
    sku
    type
    parentSku
    name
    urlKey
    description
    shortDescription
    metaTitle
    metaDescription
    price {
      value
      currency
    }
    specialPrice {
      value
      currency
    }
    minPrice {
      value
      currency
    }
    maxPrice {
      value
      currency
    }
    stockQty
    inStock
    enabled
    storefrontPath
    categories {
      id
      path
    }
    images {
      url
      label
    }
    configurableAttributes {
      code
      label
    }
    attributes {
      code
      label
      values
    }
    variants {
      sku
      options
      price {
        value
        currency
      }
      specialPrice {
        value
        currency
      }
      stockQty
      enabled
    }
  }
`);

const ProductQuery = graphql(`
  query AdminProduct($sku: String!) {
    product(sku: $sku) {
      ...AdminProductFields
    }
    productCategoryChoices {
      id
      path
    }
    configurableAttributeChoices {
      code
      label
      options
    }
  }
`);

const CategoryChoicesQuery = graphql(`
  query AdminProductCategoryChoices {
    productCategoryChoices {
      id
      path
    }
  }
`);

const UpdateProduct = graphql(`
  mutation UpdateProduct($sku: String!, $input: AdminProductInput!) {
    updateProduct(sku: $sku, input: $input) {
      ...AdminProductFields
    }
  }
`);

const CreateProduct = graphql(`
  mutation CreateProduct($input: AdminNewProductInput!) {
    createProduct(input: $input) {
      ...AdminProductFields
    }
  }
`);

const m = defineMessages({
  allProducts: { id: 'bo.product.allProducts', defaultMessage: 'All products' },
  loading: { id: 'bo.product.loading', defaultMessage: 'Loading the product…' },
  missing: { id: 'bo.product.missing', defaultMessage: 'There is no product {sku}. Find it in the list.' },
  readOnly: { id: 'bo.product.readOnly', defaultMessage: 'Your role can read products but not change them.' },
  newTitle: { id: 'bo.product.newTitle', defaultMessage: 'New product' },
  variantOf: { id: 'bo.product.variantOf', defaultMessage: 'A variant of' },
  onStorefront: { id: 'bo.product.onStorefront', defaultMessage: 'See it on the storefront' },
  general: { id: 'bo.product.general', defaultMessage: 'General' },
  sku: { id: 'bo.product.sku', defaultMessage: 'SKU' },
  name: { id: 'bo.product.name', defaultMessage: 'Name' },
  urlKey: { id: 'bo.product.urlKey', defaultMessage: 'URL key' },
  urlKeyHint: {
    id: 'bo.product.urlKeyHint',
    defaultMessage: 'Letters, digits and hyphens; the page is <key>.html',
  },
  urlKeyNewHint: { id: 'bo.product.urlKeyNewHint', defaultMessage: 'Leave empty to make it from the name' },
  enabled: { id: 'bo.product.enabled', defaultMessage: 'Enabled: shoppers can see and buy it' },
  pricesStock: { id: 'bo.product.pricesStock', defaultMessage: 'Price and stock' },
  price: { id: 'bo.product.price', defaultMessage: 'Price ({currency})' },
  specialPrice: { id: 'bo.product.specialPrice', defaultMessage: 'Special price ({currency})' },
  specialPriceHint: { id: 'bo.product.specialPriceHint', defaultMessage: 'Optional; below the price' },
  stockQty: { id: 'bo.product.stockQty', defaultMessage: 'Quantity in stock' },
  configurablePrices: {
    id: 'bo.product.configurablePrices',
    defaultMessage:
      "A configurable product's prices and stock are its variants': {min} to {max}. Edit a variant below.",
  },
  content: { id: 'bo.product.content', defaultMessage: 'Content' },
  description: { id: 'bo.product.description', defaultMessage: 'Description (HTML)' },
  shortDescription: { id: 'bo.product.shortDescription', defaultMessage: 'Short description (HTML)' },
  seo: { id: 'bo.product.seo', defaultMessage: 'Search engines' },
  metaTitle: { id: 'bo.product.metaTitle', defaultMessage: 'Meta title' },
  metaDescription: { id: 'bo.product.metaDescription', defaultMessage: 'Meta description' },
  categories: { id: 'bo.product.categories', defaultMessage: 'Categories' },
  attributes: { id: 'bo.product.attributes', defaultMessage: 'Attributes' },
  attributesHint: {
    id: 'bo.product.attributesHint',
    defaultMessage:
      'Shoppers filter by these. Several values are separated by commas; a value the shop does not have yet is added to its list.',
  },
  noCategories: { id: 'bo.product.noCategories', defaultMessage: 'In no category.' },
  save: { id: 'bo.product.save', defaultMessage: 'Save changes' },
  create: { id: 'bo.product.create', defaultMessage: 'Create product' },
  saved: { id: 'bo.product.saved', defaultMessage: 'The product is saved.' },
  created: { id: 'bo.product.created', defaultMessage: 'The product is created.' },
  notNumber: { id: 'bo.product.notNumber', defaultMessage: 'Enter an amount such as 29.50.' },
  negative: { id: 'bo.product.negative', defaultMessage: 'It must not be negative.' },
  notWhole: { id: 'bo.product.notWhole', defaultMessage: 'Enter a whole number, 0 or more.' },
  belowPrice: { id: 'bo.product.belowPrice', defaultMessage: 'The special price must be below the price.' },
  fixErrors: { id: 'bo.product.fixErrors', defaultMessage: 'Check the fields marked in red.' },
});

type Product = AdminProductFieldsFragment;
type FieldName =
  | 'sku'
  | 'name'
  | 'urlKey'
  | 'description'
  | 'shortDescription'
  | 'metaTitle'
  | 'metaDescription'
  | 'price'
  | 'specialPrice'
  | 'stockQty'
  | 'categoryIds'
  | 'attributes';

interface Draft {
  sku: string;
  name: string;
  urlKey: string;
  description: string;
  shortDescription: string;
  metaTitle: string;
  metaDescription: string;
  price: string;
  specialPrice: string;
  stockQty: string;
  enabled: boolean;
  categoryIds: string[];
  /** Attribute code → its values as typed, comma-separated. */
  attributes: Record<string, string>;
}

function draftOf(product: Product | null): Draft {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    urlKey: product?.urlKey ?? '',
    description: product?.description ?? '',
    shortDescription: product?.shortDescription ?? '',
    metaTitle: product?.metaTitle ?? '',
    metaDescription: product?.metaDescription ?? '',
    price: product ? String(product.price.value) : '',
    specialPrice: product?.specialPrice ? String(product.specialPrice.value) : '',
    stockQty: product ? String(product.stockQty) : '0',
    enabled: product?.enabled ?? true,
    categoryIds: product?.categories.map((c) => c.id) ?? [],
    attributes: Object.fromEntries((product?.attributes ?? []).map((a) => [a.code, a.values.join(', ')])),
  };
}

/** The server's refusals name the field they are about; the form shows each next to its field. */
function fieldOfMessage(message: string): FieldName | null {
  if (/\bSKU\b/.test(message)) return 'sku';
  if (/URL key/i.test(message)) return 'urlKey';
  if (/special price/i.test(message)) return 'specialPrice';
  if (/^"?Price/.test(message) || /prices are its variants/.test(message)) return 'price';
  if (/^Stock|stock is its variants/.test(message)) return 'stockQty';
  if (/^"?Name/.test(message)) return 'name';
  if (/^"?Meta title/.test(message)) return 'metaTitle';
  if (/^"?Meta description/.test(message)) return 'metaDescription';
  if (/^"?Short description/.test(message)) return 'shortDescription';
  if (/^"?Description/.test(message)) return 'description';
  if (/category/i.test(message)) return 'categoryIds';
  return null;
}

export function ProductPage() {
  const intl = useIntl();
  const { sku = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(ProductQuery, { sku });
  const product = data?.product;
  const me = useStaff();
  return (
    <>
      <BackLink />
      <PageHeading title={product?.name ?? sku}>{product?.name ?? sku}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={intl.formatMessage(m.loading)} />}
      {data && !product && <EmptyState>{intl.formatMessage(m.missing as MessageDescriptor, { sku })}</EmptyState>}
      {data && product && (
        <>
          <ProductForm
            key={product.sku}
            product={product}
            choices={data.productCategoryChoices}
            attributeChoices={data.configurableAttributeChoices}
            onSaved={(next) => setData({ ...data, product: next })}
          />
          {product.type === 'CONFIGURABLE' && (
            <ProductVariants
              key={`${product.sku}-variants`}
              product={product}
              readOnly={me.role === 'VIEWER'}
              onSaved={(next) => setData({ ...data, product: next })}
            />
          )}
          <ProductGallery
            key={`${product.sku}-images`}
            product={product}
            readOnly={me.role === 'VIEWER'}
            onSaved={(next) => setData({ ...data, product: next })}
          />
        </>
      )}
    </>
  );
}

function BackLink() {
  const intl = useIntl();
  return (
    <p className="bo-back">
      <Link to="/products">
        <Icon icon={ArrowLeft} size={18} />
        {intl.formatMessage(m.allProducts)}
      </Link>
    </p>
  );
}

/** The create page: the same form, empty, for a simple product. */
export function NewProductForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { data, error, loading, refetch } = useQuery(CategoryChoicesQuery);
  return (
    <>
      <BackLink />
      <PageHeading title={intl.formatMessage(m.newTitle)}>{intl.formatMessage(m.newTitle)}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={intl.formatMessage(m.loading)} />}
      {data && (
        <ProductForm
          product={null}
          choices={data.productCategoryChoices}
          onSaved={(next) => void navigate(`/products/${encodeURIComponent(next.sku)}`)}
        />
      )}
    </>
  );
}

function ProductForm({
  product,
  choices,
  attributeChoices = [],
  onSaved,
}: {
  product: Product | null;
  choices: Array<{ id: string; path: string }>;
  /** Every attribute with the values the shop has; a product's own ones are edited (not on creation). */
  attributeChoices?: Array<{ code: string; label: string; options: string[] }>;
  onSaved: (product: Product) => void;
}) {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const me = useStaff();
  const toast = useToast();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = product === null;
  const configurable = product?.type === 'CONFIGURABLE';
  const currency = product?.price.currency ?? 'USD';
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  // A configurable's choice attributes belong to its variants: the rest are the product's own.
  const ownAttributes = creating
    ? []
    : attributeChoices.filter((a) => !product.configurableAttributes.some((c) => c.code === a.code));
  const savedAttributes = draftOf(product).attributes;
  const changedAttributes = ownAttributes
    .filter(
      (a) =>
        valueList(draft.attributes[a.code] ?? '').join('\u0000') !==
        valueList(savedAttributes[a.code] ?? '').join('\u0000'),
    )
    .map((a) => ({ code: a.code, values: valueList(draft.attributes[a.code] ?? '') }));

  const validate = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    const required = t(fieldMessages.required);
    if (creating && !draft.sku.trim()) found.sku = required;
    if (!draft.name.trim()) found.name = required;
    if (!creating && !draft.urlKey.trim()) found.urlKey = required;
    if (!configurable) {
      const amount = (value: string): number | string => {
        const n = Number(value.trim().replace(',', '.'));
        if (value.trim() === '' || !Number.isFinite(n)) return t(m.notNumber);
        if (n < 0) return t(m.negative);
        return n;
      };
      const price = draft.price.trim() === '' ? required : amount(draft.price);
      if (typeof price === 'string') found.price = price;
      if (draft.specialPrice.trim() !== '') {
        const special = amount(draft.specialPrice);
        if (typeof special === 'string') found.specialPrice = special;
        else if (typeof price === 'number' && special >= price) found.specialPrice = t(m.belowPrice);
      }
      if (!/^\d+$/.test(draft.stockQty.trim())) found.stockQty = t(m.notWhole);
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const amount = (value: string) => Number(value.trim().replace(',', '.'));
    const common = {
      name: draft.name.trim(),
      description: draft.description,
      shortDescription: draft.shortDescription,
      enabled: draft.enabled,
      categoryIds: draft.categoryIds,
      ...(configurable
        ? {}
        : {
            price: amount(draft.price),
            specialPrice: draft.specialPrice.trim() === '' ? null : amount(draft.specialPrice),
            stockQty: Number(draft.stockQty.trim()),
          }),
    };
    setSaving(true);
    try {
      const saved = creating
        ? (
            await request(CreateProduct, {
              input: {
                ...common,
                sku: draft.sku.trim(),
                price: amount(draft.price),
                urlKey: draft.urlKey.trim() || null,
              },
            })
          ).createProduct
        : (
            await request(UpdateProduct, {
              sku: product.sku,
              input: {
                ...common,
                urlKey: draft.urlKey.trim(),
                metaTitle: draft.metaTitle.trim() || null,
                metaDescription: draft.metaDescription.trim() || null,
                ...(changedAttributes.length > 0 ? { attributes: changedAttributes } : {}),
              },
            })
          ).updateProduct;
      toast.show(t(creating ? m.created : m.saved), { tone: 'success' });
      if (!creating) setDraft(draftOf(saved));
      onSaved(saved);
    } catch (caught) {
      const message = caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught);
      const field =
        caught instanceof ApiError && caught.category === 'graphql-input'
          ? caught.field === 'attributes'
            ? 'attributes'
            : fieldOfMessage(message)
          : null;
      if (field) {
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
      } else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  const text = (
    name: Exclude<FieldName & keyof Draft, 'attributes' | 'categoryIds'>,
    label: ReactNode,
    extra: { hint?: string; required?: boolean } = {},
  ) => (
    <Field
      label={label}
      name={name}
      value={draft[name]}
      error={errors[name]}
      hint={extra.hint}
      required={extra.required}
      readOnly={readOnly}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  const area = (name: 'description' | 'shortDescription', label: string) => (
    <div className={fieldStyles.field}>
      <label htmlFor={`${id}-${name}`} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        id={`${id}-${name}`}
        name={name}
        className={fieldStyles.control}
        rows={name === 'description' ? 6 : 3}
        value={draft[name]}
        readOnly={readOnly}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => set(name, event.target.value)}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={fieldStyles.error}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form ref={formRef} className="bo-product-form" onSubmit={(e) => void submit(e)} noValidate>
      {readOnly && <p className="bo-notice">{t(m.readOnly)}</p>}
      {product?.parentSku && (
        <p className="bo-muted">
          {t(m.variantOf)} <Link to={`/products/${encodeURIComponent(product.parentSku)}`}>{product.parentSku}</Link>
        </p>
      )}
      {product?.storefrontPath && product.enabled && (
        <p>
          <a href={product.storefrontPath} target="_blank" rel="noreferrer">
            {t(m.onStorefront)}
          </a>
        </p>
      )}

      <section aria-labelledby={`${id}-general`} className="bo-card">
        <h2 id={`${id}-general`}>{t(m.general)}</h2>
        {creating ? text('sku', t(m.sku), { required: true }) : null}
        {text('name', t(m.name), { required: true })}
        {text('urlKey', t(m.urlKey), {
          hint: t(creating ? m.urlKeyNewHint : m.urlKeyHint),
          required: !creating,
        })}
        <label className="bo-check">
          <input
            type="checkbox"
            name="enabled"
            checked={draft.enabled}
            disabled={readOnly}
            onChange={(event) => set('enabled', event.target.checked)}
          />
          {t(m.enabled)}
        </label>
      </section>

      <section aria-labelledby={`${id}-prices`} className="bo-card">
        <h2 id={`${id}-prices`}>{t(m.pricesStock)}</h2>
        {configurable && product ? (
          <p>
            {t(m.configurablePrices, {
              min: formatMoney(intl, product.minPrice),
              max: formatMoney(intl, product.maxPrice),
            })}
          </p>
        ) : (
          <div className="bo-form-row">
            <Field
              label={t(m.price, { currency })}
              name="price"
              inputMode="decimal"
              value={draft.price}
              error={errors.price}
              required
              readOnly={readOnly}
              onChange={(event) => set('price', event.target.value)}
            />
            <Field
              label={t(m.specialPrice, { currency })}
              name="specialPrice"
              inputMode="decimal"
              hint={t(m.specialPriceHint)}
              value={draft.specialPrice}
              error={errors.specialPrice}
              readOnly={readOnly}
              onChange={(event) => set('specialPrice', event.target.value)}
            />
            <Field
              label={t(m.stockQty)}
              name="stockQty"
              inputMode="numeric"
              value={draft.stockQty}
              error={errors.stockQty}
              readOnly={readOnly}
              onChange={(event) => set('stockQty', event.target.value)}
            />
          </div>
        )}
      </section>

      <section aria-labelledby={`${id}-content`} className="bo-card">
        <h2 id={`${id}-content`}>{t(m.content)}</h2>
        {area('shortDescription', t(m.shortDescription))}
        {area('description', t(m.description))}
      </section>

      {!creating && (
        <section aria-labelledby={`${id}-seo`} className="bo-card">
          <h2 id={`${id}-seo`}>{t(m.seo)}</h2>
          {text('metaTitle', t(m.metaTitle))}
          {text('metaDescription', t(m.metaDescription))}
        </section>
      )}

      <section aria-labelledby={`${id}-categories`} className="bo-card">
        <fieldset className="bo-fieldset" aria-describedby={errors.categoryIds ? `${id}-cat-error` : undefined}>
          <legend id={`${id}-categories`}>{t(m.categories)}</legend>
          {choices.length === 0 && <p className="bo-muted">{t(m.noCategories)}</p>}
          {choices.map((choice) => (
            <label className="bo-check" key={choice.id}>
              <input
                type="checkbox"
                name="categoryIds"
                value={choice.id}
                checked={draft.categoryIds.includes(choice.id)}
                disabled={readOnly}
                onChange={(event) =>
                  set(
                    'categoryIds',
                    event.target.checked
                      ? [...draft.categoryIds, choice.id]
                      : draft.categoryIds.filter((c) => c !== choice.id),
                  )
                }
              />
              {choice.path}
            </label>
          ))}
          {errors.categoryIds && (
            <p id={`${id}-cat-error`} className={fieldStyles.error}>
              {errors.categoryIds}
            </p>
          )}
        </fieldset>
      </section>

      {ownAttributes.length > 0 && (
        <section aria-labelledby={`${id}-attributes`} className="bo-card">
          <h2 id={`${id}-attributes`}>{t(m.attributes)}</h2>
          <p id={`${id}-attributes-hint`} className="bo-muted">
            {t(m.attributesHint)}
          </p>
          {errors.attributes && (
            <p id={`${id}-attributes-error`} className={fieldStyles.error} role="alert">
              {errors.attributes}
            </p>
          )}
          <div className="bo-form-row">
            {ownAttributes.map((attribute) => (
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
      )}

      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      {!readOnly && (
        <p>
          <Button type="submit" busy={saving} disabled={saving}>
            {t(creating ? m.create : m.save)}
          </Button>
        </p>
      )}
    </form>
  );
}
