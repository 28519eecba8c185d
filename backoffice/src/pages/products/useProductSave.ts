import { type FormEvent, type RefObject } from 'react';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useFormSave } from '../../common/form';
import { type Translate, useT } from '../../common/useT';
import { type Draft, draftOf, fieldOfMessage, type Product, type ProductErrors } from './productDraft';
import { productMessages as m } from './productMessages';

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

/** The form's own checks, before anything is sent; a configurable's prices are its variants'. */
function validate(draft: Draft, creating: boolean, configurable: boolean, t: Translate): ProductErrors {
  const found: ProductErrors = {};
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
}

/**
 * Creating or saving the product: the form's checks, then the server's, each refusal shown beside
 * the field it names (or under the form).
 */
export function useProductSave({
  product,
  draft,
  setDraft,
  changedAttributes,
  formRef,
  readOnly,
  onSaved,
}: {
  product: Product | null;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  changedAttributes: Array<{ code: string; values: string[] }>;
  formRef: RefObject<HTMLFormElement | null>;
  readOnly: boolean;
  onSaved: (product: Product) => void;
}) {
  const t = useT();
  const creating = product === null;
  const configurable = product?.type === 'CONFIGURABLE';
  const { errors, formError, saving, save } = useFormSave(formRef, t(creating ? m.created : m.saved), {
    fieldOf: (error) =>
      error.category === 'graphql-input'
        ? error.field === 'attributes'
          ? 'attributes'
          : fieldOfMessage(error.message)
        : null,
    repeatAbove: false,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found = validate(draft, creating, configurable, t);
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
    await save(found, async () => {
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
      if (!creating) setDraft(draftOf(saved));
      onSaved(saved);
    });
  };
  return { errors, formError, saving, submit };
}
