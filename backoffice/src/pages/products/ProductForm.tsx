import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStaff } from '../../api/session';
import { FormSubmit } from '../../common/form';
import { valueList } from '../variantRules';
import { type AttributeChoice, ProductAttributeSection, ProductCategorySection } from './ProductChoiceSections';
import { type Draft, draftOf, type Product } from './productDraft';
import { productMessages as m } from './productMessages';
import { ProductPriceSection } from './ProductPriceSection';
import { ProductContentSection, ProductGeneralSection, ProductSeoSection } from './ProductTextSections';
import { useProductSave } from './useProductSave';

/** A product's own fields, for a new simple product (`product` null) or an existing one. */
export function ProductForm({
  product,
  choices,
  attributeChoices = [],
  onSaved,
}: {
  product: Product | null;
  choices: Array<{ id: string; path: string }>;
  /** Every attribute with the values the shop has; a product's own ones are edited (not on creation). */
  attributeChoices?: AttributeChoice[];
  onSaved: (product: Product) => void;
}) {
  const intl = useIntl();
  const me = useStaff();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = product === null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
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
  const { errors, formError, saving, submit } = useProductSave({
    product,
    draft,
    setDraft,
    changedAttributes,
    formRef,
    readOnly,
    onSaved,
  });
  const section = { id, draft, errors, readOnly, set };

  return (
    <form ref={formRef} className="bo-product-form" onSubmit={(e) => void submit(e)} noValidate>
      {readOnly && <p className="bo-notice">{intl.formatMessage(m.readOnly)}</p>}
      {product?.parentSku && (
        <p className="bo-muted">
          {intl.formatMessage(m.variantOf)}{' '}
          <Link to={`/products/${encodeURIComponent(product.parentSku)}`}>{product.parentSku}</Link>
        </p>
      )}
      {product?.storefrontPath && product.enabled && (
        <p>
          <a href={product.storefrontPath} target="_blank" rel="noreferrer">
            {intl.formatMessage(m.onStorefront)}
          </a>
        </p>
      )}
      <ProductGeneralSection {...section} creating={creating} />
      <ProductPriceSection {...section} product={product} />
      <ProductContentSection {...section} />
      {!creating && <ProductSeoSection {...section} />}
      <ProductCategorySection {...section} choices={choices} />
      {ownAttributes.length > 0 && (
        <ProductAttributeSection
          id={id}
          draft={draft}
          errors={errors}
          readOnly={readOnly}
          attributes={ownAttributes}
          setDraft={setDraft}
        />
      )}
      <FormSubmit error={formError} saving={saving} readOnly={readOnly} disabledWhileSaving>
        {intl.formatMessage(creating ? m.create : m.save)}
      </FormSubmit>
    </form>
  );
}
