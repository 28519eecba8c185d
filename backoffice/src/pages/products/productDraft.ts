import type { AdminProductFieldsFragment } from '../../__generated__/graphql';

export type Product = AdminProductFieldsFragment;
export type FieldName =
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

export interface Draft {
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

export function draftOf(product: Product | null): Draft {
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
export function fieldOfMessage(message: string): FieldName | null {
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

export type ProductErrors = Partial<Record<FieldName, string>>;

/** What a section of the product form reads and changes. */
export interface ProductSectionProps {
  id: string;
  draft: Draft;
  errors: ProductErrors;
  readOnly: boolean;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
}
