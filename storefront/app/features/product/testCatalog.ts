// A configurable tee used by the product tests: 2 colours × 3 sizes, with Navy/L out of stock
// and Black/S missing altogether; Navy is on sale.
export const NAVY = 'Y29uZmlndXJhYmxlLzkzLzE=';
export const BLACK = 'Y29uZmlndXJhYmxlLzkzLzI=';
export const SIZE_S = 'Y29uZmlndXJhYmxlLzE0NC8x';
export const SIZE_M = 'Y29uZmlndXJhYmxlLzE0NC8y';
export const SIZE_L = 'Y29uZmlndXJhYmxlLzE0NC8z';

const money = (value: number) => ({ __typename: 'Money' as const, value, currency: 'EUR' as const });

export function priceOf(regular: number, final = regular) {
  return {
    __typename: 'ProductPrice' as const,
    regular_price: money(regular),
    final_price: money(final),
    discount: {
      __typename: 'ProductDiscount' as const,
      amount_off: regular - final,
      percent_off: regular > final ? ((regular - final) / regular) * 100 : 0,
    },
  };
}

const image = (colour: string, n: number) => ({
  __typename: 'ProductImage' as const,
  url: `/media/catalog/product/demo/tee/${colour}/${n}.png`,
  label: `Crew Tee ${colour} ${n}`,
  position: n,
  disabled: false,
});

function variant(
  colour: { uid: string; label: string; slug: string },
  size: { uid: string; label: string },
  stock: 'IN_STOCK' | 'OUT_OF_STOCK',
  onlyLeft: number | null,
  regular: number,
  final: number,
) {
  return {
    __typename: 'ConfigurableVariant' as const,
    attributes: [
      { __typename: 'ConfigurableAttributeOption' as const, uid: colour.uid, code: 'color', label: colour.label },
      { __typename: 'ConfigurableAttributeOption' as const, uid: size.uid, code: 'size', label: size.label },
    ],
    product: {
      __typename: 'SimpleProduct' as const,
      uid: btoa(`variant-${colour.label}-${size.label}`),
      sku: `TEE-${colour.label.toUpperCase()}-${size.label}`,
      stock_status: stock,
      only_x_left_in_stock: onlyLeft,
      media_gallery: [image(colour.slug, 1), image(colour.slug, 2)],
      price_range: { __typename: 'PriceRange' as const, minimum_price: priceOf(regular, final) },
    },
  };
}

const navy = { uid: NAVY, label: 'Navy', slug: '1f2a44' };
const black = { uid: BLACK, label: 'Black', slug: '1f1f1f' };
const s = { uid: SIZE_S, label: 'S' };
const m = { uid: SIZE_M, label: 'M' };
const l = { uid: SIZE_L, label: 'L' };

export const teeOptions = [
  {
    __typename: 'ConfigurableProductOptions' as const,
    uid: 'b3B0aW9uLWNvbG9y',
    attribute_code: 'color',
    label: 'Colour',
    position: 0,
    values: [
      {
        __typename: 'ConfigurableProductOptionsValues' as const,
        uid: NAVY,
        label: 'Navy',
        swatch_data: { __typename: 'ColorSwatchData' as const, value: '#1f2a44' },
      },
      {
        __typename: 'ConfigurableProductOptionsValues' as const,
        uid: BLACK,
        label: 'Black',
        swatch_data: { __typename: 'ColorSwatchData' as const, value: '#1f1f1f' },
      },
    ],
  },
  {
    __typename: 'ConfigurableProductOptions' as const,
    uid: 'b3B0aW9uLXNpemU=',
    attribute_code: 'size',
    label: 'Size',
    position: 1,
    values: [
      {
        __typename: 'ConfigurableProductOptionsValues' as const,
        uid: SIZE_S,
        label: 'S',
        swatch_data: { __typename: 'TextSwatchData' as const, value: 'S' },
      },
      {
        __typename: 'ConfigurableProductOptionsValues' as const,
        uid: SIZE_M,
        label: 'M',
        swatch_data: { __typename: 'TextSwatchData' as const, value: 'M' },
      },
      {
        __typename: 'ConfigurableProductOptionsValues' as const,
        uid: SIZE_L,
        label: 'L',
        swatch_data: { __typename: 'TextSwatchData' as const, value: 'L' },
      },
    ],
  },
];

export const teeVariants = [
  variant(navy, s, 'IN_STOCK', null, 30, 24),
  variant(navy, m, 'IN_STOCK', 3, 30, 24),
  variant(navy, l, 'OUT_OF_STOCK', null, 30, 24),
  variant(black, m, 'IN_STOCK', null, 30, 30),
  variant(black, l, 'IN_STOCK', null, 32, 32),
];

export const teeProduct = {
  __typename: 'ConfigurableProduct' as const,
  uid: btoa('product-crew-tee'),
  sku: 'TEE',
  name: 'Crew Tee',
  url_key: 'crew-tee',
  url_suffix: '.html',
  meta_title: null,
  meta_description: null,
  stock_status: 'IN_STOCK' as const,
  only_x_left_in_stock: null,
  description: { __typename: 'ComplexTextValue' as const, html: '<p>A <strong>soft</strong> organic cotton tee.</p>' },
  short_description: { __typename: 'ComplexTextValue' as const, html: '<p>Everyday crew neck &amp; relaxed fit.</p>' },
  image: { __typename: 'ProductImage' as const, url: '/media/catalog/product/demo/tee/base/1.png', label: 'Crew Tee' },
  media_gallery: [image('base', 1)],
  price_range: { __typename: 'PriceRange' as const, minimum_price: priceOf(30, 24), maximum_price: priceOf(32, 32) },
  categories: [
    {
      __typename: 'CategoryTree' as const,
      uid: 'Mg==',
      name: 'Women',
      level: 2,
      url_path: 'women',
      url_suffix: '.html',
      breadcrumbs: null,
    },
    {
      __typename: 'CategoryTree' as const,
      uid: 'NQ==',
      name: 'Tops',
      level: 3,
      url_path: 'women/tops',
      url_suffix: '.html',
      breadcrumbs: [
        {
          __typename: 'Breadcrumb' as const,
          category_uid: 'Mg==',
          category_name: 'Women',
          category_level: 2,
          category_url_path: 'women',
        },
      ],
    },
  ],
  custom_attributesV2: {
    __typename: 'ProductCustomAttributes' as const,
    items: [
      {
        __typename: 'AttributeSelectedOptions' as const,
        code: 'material',
        selected_options: [{ __typename: 'AttributeSelectedOption' as const, label: 'Organic Cotton', value: '12' }],
      },
      {
        __typename: 'AttributeSelectedOptions' as const,
        code: 'color',
        selected_options: [{ __typename: 'AttributeSelectedOption' as const, label: 'Navy', value: '1' }],
      },
      { __typename: 'AttributeValue' as const, code: 'country_of_manufacture', value: 'Portugal' },
    ],
  },
  configurable_options: teeOptions,
  variants: teeVariants,
};
