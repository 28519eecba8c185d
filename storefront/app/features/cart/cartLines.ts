import type { CartFieldsFragment } from '../../__generated__/graphql';
import { customOptionPairs } from '../../shared/cartItemCustomOptions';

type CartItem = NonNullable<NonNullable<NonNullable<CartFieldsFragment['itemsV2']>['items'][number]>>;

export interface CartLine {
  uid: string;
  name: string;
  /** The parent's SKU (what addProductsToCart takes as `parent_sku`). */
  sku: string;
  variantSku: string | null;
  href: string;
  quantity: number;
  image: { url: string; label: string } | null;
  /** "Color: Navy", in the order the cart returns them. */
  options: { label: string; value: string; optionUid: string; valueUid: string }[];
  configurable: boolean;
  price: { value: number; currency: string } | null;
  rowTotal: { value: number; currency: string } | null;
  /** Problems that stop the line from being ordered as it is. */
  errors: string[];
  /** Set when few are left of what this line holds. */
  onlyLeft: number | null;
  outOfStock: boolean;
}

function productHref(product: { url_key?: string | null; url_suffix?: string | null }): string {
  return `/${product.url_key ?? ''}${product.url_suffix ?? '.html'}`;
}

function toLine(item: CartItem): CartLine {
  const variant = item.__typename === 'ConfigurableCartItem' ? item.configured_variant : null;
  const stock = variant ?? item.product;
  // Magento's placeholder thumbnail has no real image; the variant's own picture shows the chosen colour.
  const image = variant?.thumbnail?.url ? variant.thumbnail : item.product.thumbnail;
  const options =
    item.__typename === 'ConfigurableCartItem'
      ? item.configurable_options.flatMap((option) =>
          option
            ? [
                {
                  label: option.option_label,
                  value: option.value_label,
                  optionUid: option.configurable_product_option_uid,
                  valueUid: option.configurable_product_option_value_uid,
                },
              ]
            : [],
        )
      : [];
  // Custom options are shown, not edited: their uids name no configurable value.
  for (const pair of 'customizable_options' in item ? customOptionPairs(item) : [])
    options.push({ label: pair.label, value: pair.value, optionUid: pair.uid, valueUid: '' });
  // A bundle's chosen products are shown as they were chosen ("Lamp: 1 x Steel lamp").
  for (const bundleOption of item.__typename === 'BundleCartItem' ? item.bundle_options : [])
    if (bundleOption)
      options.push({
        label: bundleOption.label,
        value: bundleOption.values.flatMap((v) => (v ? [`${v.quantity} x ${v.label}`] : [])).join(', '),
        optionUid: bundleOption.uid,
        valueUid: '',
      });
  // A downloadable product's chosen links, under its links' heading ("Formats: PDF, EPUB").
  if (item.__typename === 'DownloadableCartItem') {
    const titles = (item.links ?? []).flatMap((l) => (l?.title ? [l.title] : []));
    const heading = item.product.__typename === 'DownloadableProduct' ? item.product.links_title : null;
    if (titles.length > 0)
      options.push({ label: heading || 'Links', value: titles.join(', '), optionUid: item.uid, valueUid: '' });
  }
  const price = item.prices?.price;
  const rowTotal = item.prices?.row_total;
  return {
    uid: item.uid,
    name: item.product.name ?? '',
    sku: item.product.sku ?? '',
    variantSku: variant?.sku ?? null,
    href: productHref(item.product),
    quantity: item.quantity,
    image: image?.url ? { url: image.url, label: image.label ?? '' } : null,
    options,
    configurable: item.__typename === 'ConfigurableCartItem',
    price: price ? { value: price.value ?? 0, currency: price.currency ?? 'USD' } : null,
    rowTotal: rowTotal ? { value: rowTotal.value ?? 0, currency: rowTotal.currency ?? 'USD' } : null,
    errors: (item.errors ?? []).flatMap((error) => (error?.message ? [error.message] : [])),
    onlyLeft: stock.only_x_left_in_stock ?? null,
    outOfStock: stock.stock_status === 'OUT_OF_STOCK' || !item.is_available,
  };
}

/** The cart's lines in the shape the mini cart and the cart page render. */
export function cartLines(cart: Pick<CartFieldsFragment, 'itemsV2'> | null | undefined): CartLine[] {
  return (cart?.itemsV2?.items ?? []).flatMap((item) => (item ? [toLine(item)] : []));
}
