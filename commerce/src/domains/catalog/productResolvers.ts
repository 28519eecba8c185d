import type {
  AttributeFilterInput,
  QueryAttributesMetadataArgs,
  QueryProductsArgs,
  SimpleProductCustom_AttributesV2Args,
} from '../../__generated__/resolvers';
import type { ProductsAggregationsArgs } from '../../__generated__/resolvers';
import type { ProductLinkType, ProductTable } from '../../db/tables';
import type { RequestContext } from '../context';
import type { ProductAttributeOption } from './catalogLoaders';
import type { ProductSearchResult } from './productService';
import { customAttributes, legacyPrices, mediaFile, onlyXLeft, priceRange, priceTiersView } from './productView';
import { configurableOptionValueUid, encodeUid } from '../../kernel/uids';
import { customOptionView } from './customOptionView';
import { bundleItemFields, bundleProductFields, groupedProductFields } from './bundleProductView';
import { productTypename } from './virtualProducts';
import { downloadableProductFields } from './downloadableProductView';
import { convertMinor, toMajor } from '../../kernel/money';

/** A product reached through `route`, which knows how it was addressed. */
export type RoutedProduct = ProductTable & { routeRedirectCode?: number; routeRelativeUrl?: string };

const URL_SUFFIX = '.html';

const productTypeName = (p: ProductTable) => productTypename(p.type);

type ProductCustomAttributesV2Args = Partial<SimpleProductCustom_AttributesV2Args>;

/**
 * Whether an attribute passes `custom_attributesV2`'s filters: the flags the shop keeps per
 * attribute are compared; the others (comparable, HTML, promotion rules…) are not kept and are
 * ignored, as they always were.
 */
function attributeMatches(o: ProductAttributeOption, filters: AttributeFilterInput | null | undefined): boolean {
  if (!filters) return true;
  const kept: Array<[boolean | null | undefined, number]> = [
    [filters.is_visible_on_front, o.attribute_visible_on_front],
    [filters.is_filterable, o.attribute_filterable],
    [filters.is_filterable_in_search, o.attribute_filterable],
    [filters.is_searchable, o.attribute_searchable],
  ];
  return kept.every(([wanted, value]) => wanted === null || wanted === undefined || wanted === (value === 1));
}

/** A grouped product takes no custom options of its own (Magento's GroupedProduct has no `options`). */
function withoutOptions<T extends { options: unknown }>(fields: T): Omit<T, 'options'> {
  const { options: _options, ...rest } = fields;
  return rest;
}

async function firstImage(product: ProductTable, _args: unknown, context: RequestContext) {
  const media = await context.loaders.media.load(product.id);
  const first = media[0];
  return first
    ? { url: context.services.urls.absolute(first.url), label: first.label, position: first.position, disabled: false }
    : null;
}

/** The option id of a single-valued attribute; null without a value or with several (a configurable's). */
async function singleOptionId(product: ProductTable, code: string, context: RequestContext) {
  const values = (await context.loaders.attributeOptions.load(product.id)).filter((o) => o.attribute_code === code);
  return values.length === 1 ? (values[0]?.id ?? null) : null;
}

/** The products `p` links to with one link type, in the merchant's order. */
function linkedProducts(type: ProductLinkType) {
  return async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.links.load(p.id)).filter((l) => l.linkType === type).map((l) => l.product);
}

const productFields = {
  uid: (p: ProductTable) => encodeUid(p.id),
  id: (p: ProductTable) => p.id,
  type_id: (p: ProductTable) => p.type,
  price: (p: ProductTable, _args: unknown, context: RequestContext) => legacyPrices(p, context.store),
  color: (p: ProductTable, _args: unknown, context: RequestContext) => singleOptionId(p, 'color', context),
  manufacturer: (p: ProductTable, _args: unknown, context: RequestContext) =>
    singleOptionId(p, 'manufacturer', context),
  // Magento's older tier fields, deprecated for price_tiers: left empty, as no client we serve reads them.
  tier_price: () => null,
  tier_prices: () => [],
  options: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.customOptions.load(p.id)).map((o) => customOptionView(o, p, context.store)),
  product_links: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.links.load(p.id)).map((l) => ({
      sku: p.sku,
      link_type: l.linkType,
      linked_product_sku: l.product.sku,
      linked_product_type: l.product.type,
      position: l.position,
    })),
  websites: (_p: ProductTable, _args: unknown, context: RequestContext) => context.services.store.websites(),
  media_gallery_entries: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.media.load(p.id)).map((m, i) => ({
      uid: encodeUid(m.id),
      id: m.id,
      media_type: 'image',
      label: m.label,
      position: m.position,
      disabled: m.disabled === 1,
      // The first image is the one `image`, `small_image` and `thumbnail` return.
      types: i === 0 ? ['image', 'small_image', 'thumbnail'] : [],
      file: mediaFile(m.url),
      content: null,
      video_content: null,
    })),
  // Deliberately null, each for a reason of our model: there are no attribute sets; the catalog
  // records no creation or change times (Magento itself calls these fields unfit for
  // storefronts); special prices have no start date; and Magento leaves url_path empty for
  // products (the URL is canonical_url / url_rewrites).
  attribute_set_id: () => null,
  created_at: () => null,
  updated_at: () => null,
  special_from_date: () => null,
  url_path: () => null,
  url_suffix: () => URL_SUFFIX,
  canonical_url: (p: ProductTable) => `${p.url_key}${URL_SUFFIX}`,
  url_rewrites: (p: ProductTable) => [
    { url: `${p.url_key}${URL_SUFFIX}`, parameters: [{ name: 'id', value: String(p.id) }] },
  ],
  description: (p: ProductTable) => ({ html: p.description }),
  short_description: (p: ProductTable) => ({ html: p.short_description }),
  meta_keyword: () => null,
  image: firstImage,
  small_image: firstImage,
  thumbnail: firstImage,
  media_gallery: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    (await context.loaders.media.load(p.id)).map((m) => ({
      url: context.services.urls.absolute(m.url),
      label: m.label,
      position: m.position,
      disabled: m.disabled === 1,
    })),
  price_range: (p: ProductTable, _args: unknown, context: RequestContext) => priceRange(p, context.store),
  price_tiers: async (p: ProductTable, _args: unknown, context: RequestContext) => {
    const [tiers, groupId] = await Promise.all([context.loaders.tierPrices.load(p.id), context.auth.customerGroupId()]);
    return priceTiersView(p, tiers, groupId, context.store);
  },
  special_price: (p: ProductTable, _args: unknown, context: RequestContext) =>
    p.special_price === null
      ? null
      : toMajor(convertMinor(p.special_price, p.currency, context.store), context.store.currency),
  stock_status: (p: ProductTable) => (p.in_stock ? 'IN_STOCK' : 'OUT_OF_STOCK'),
  only_x_left_in_stock: (p: ProductTable) => onlyXLeft(p),
  categories: async (p: ProductTable, _args: unknown, context: RequestContext) => {
    const [ids, all] = await Promise.all([context.loaders.productCategoryIds.load(p.id), context.loaders.categories()]);
    return all.filter((c) => ids.includes(c.id));
  },
  related_products: linkedProducts('related'),
  upsell_products: linkedProducts('upsell'),
  crosssell_products: linkedProducts('crosssell'),
  custom_attributesV2: async (p: ProductTable, args: ProductCustomAttributesV2Args, context: RequestContext) => {
    const [all, labels] = await Promise.all([context.loaders.attributeOptions.load(p.id), context.loaders.labels()]);
    const options = all.filter((o) => attributeMatches(o, args.filters));
    const codes = [...new Set(options.map((o) => o.attribute_code))];
    return {
      items: codes.map((code) => ({
        __typename: 'AttributeSelectedOptions',
        code,
        selected_options: options
          .filter((o) => o.attribute_code === code)
          .map((o) => ({ label: labels.options.get(o.id) ?? o.label, value: String(o.id) })),
      })),
      errors: [],
    };
  },
  custom_attributes: async (p: ProductTable, _args: unknown, context: RequestContext) =>
    customAttributes(await context.loaders.attributeOptions.load(p.id), context.store.code),
  redirect_code: (p: RoutedProduct) => p.routeRedirectCode ?? 0,
  relative_url: (p: RoutedProduct) => p.routeRelativeUrl ?? `${p.url_key}${URL_SUFFIX}`,
  type: () => 'PRODUCT',
};

export const productResolvers = {
  Query: {
    products: (_root: unknown, args: QueryProductsArgs, context: RequestContext) =>
      context.services.products.search(args, context.store),
    // Product attributes only: customer and address attributes are not part of the customer model.
    attributesMetadata: async (_root: unknown, args: QueryAttributesMetadataArgs, context: RequestContext) => ({
      items:
        args.entityType === 'PRODUCT' || args.entityType === 'CATALOG_PRODUCT'
          ? await context.services.attributes.productAttributes(
              args.attributeUids,
              await context.loaders.labels(),
              context.store.code,
            )
          : [],
    }),
  },
  Products: {
    items: (r: ProductSearchResult, _args: unknown, context: RequestContext) => context.loaders.localized(r.items),
    total_count: (r: ProductSearchResult) => r.totalCount,
    page_info: (r: ProductSearchResult) => ({
      current_page: r.currentPage,
      page_size: r.pageSize,
      total_pages: r.totalPages,
    }),
    sort_fields: (r: ProductSearchResult) => r.sortFields,
    aggregations: (r: ProductSearchResult, args: ProductsAggregationsArgs) =>
      r.aggregations({ directChildrenOnly: args.filter?.category?.includeDirectChildrenOnly === true }),
    suggestions: (r: ProductSearchResult) => r.suggestions.map((search) => ({ search })),
    filters: async (r: ProductSearchResult) =>
      (await r.aggregations({ directChildrenOnly: false })).map((a) => ({
        name: a.label,
        request_var: a.attribute_code,
        filter_items_count: a.count,
        filter_items: a.options.map((o) => ({
          label: o.label,
          value_string: o.value,
          items_count: o.count,
          // Magento's visual colour swatch is type "1", its value the hex colour.
          ...(o.swatch ? { swatch_data: { type: '1', value: o.swatch } } : {}),
        })),
      })),
  },
  LayerFilterItemInterface: {
    __resolveType: (item: { swatch_data?: unknown }) =>
      item.swatch_data ? 'SwatchLayerFilterItem' : 'LayerFilterItem',
  },
  ProductLinksInterface: { __resolveType: () => 'ProductLinks' },
  ProductInterface: { __resolveType: productTypeName },
  CustomizableProductInterface: { __resolveType: productTypeName },
  CustomizableOptionInterface: { __resolveType: (o: { __typename: string }) => o.__typename },
  MediaGalleryInterface: { __resolveType: () => 'ProductImage' },
  AttributeValueInterface: { __resolveType: (v: { __typename: string }) => v.__typename },
  AttributeSelectedOptionInterface: { __resolveType: () => 'AttributeSelectedOption' },
  SwatchDataInterface: { __resolveType: (s: { __typename: string }) => s.__typename },
  // custom_attributes names the concrete type of each value it shapes (productView.ts).
  AttributeMetadataInterface: { __resolveType: (s: { __typename: string }) => s.__typename },
  UiInputTypeInterface: { __resolveType: (s: { __typename: string }) => s.__typename },
  AttributeOptionsInterface: { __resolveType: (s: { __typename: string }) => s.__typename },
  SelectableInputTypeInterface: { __resolveType: (s: { __typename: string }) => s.__typename },
  AttributeOptionInterface: { __resolveType: (s: { __typename: string }) => s.__typename },
  SimpleProduct: productFields,
  BundleProduct: { ...productFields, ...bundleProductFields },
  BundleItem: bundleItemFields,
  GroupedProduct: { ...withoutOptions(productFields), ...groupedProductFields },
  VirtualProduct: productFields,
  DownloadableProduct: { ...productFields, ...downloadableProductFields },
  ConfigurableProduct: {
    ...productFields,
    configurable_options: async (p: ProductTable, _args: unknown, context: RequestContext) => {
      const [attributes, variants] = await Promise.all([
        context.loaders.configurableAttributes.load(p.id),
        context.loaders.variants.load(p.id),
      ]);
      const variantOptions = (await context.loaders.attributeOptions.loadMany(variants.map((v) => v.id))).flatMap(
        (o) => (o instanceof Error ? [] : o),
      );
      return attributes.map((attribute) => {
        const seen = new Map<number, (typeof variantOptions)[number]>();
        for (const option of variantOptions)
          if (option.attribute_code === attribute.attribute_code) seen.set(option.id, option);
        const values = [...seen.values()]
          .sort((a, b) => a.position - b.position)
          .map((option) => ({
            uid: configurableOptionValueUid(attribute.attribute_code, option.id),
            label: option.label,
            default_label: option.label,
            store_label: option.label,
            use_default_value: true,
            value_index: option.id,
            swatch_data: option.swatch_value
              ? { __typename: 'ColorSwatchData', value: option.swatch_value }
              : { __typename: 'TextSwatchData', value: option.label },
          }));
        return {
          uid: encodeUid(`configurable/${p.id}/${attribute.attribute_code}`),
          id: attribute.id,
          attribute_id: String(attribute.attribute_id),
          attribute_id_v2: attribute.attribute_id,
          product_id: p.id,
          attribute_uid: encodeUid(`catalog_product/${attribute.attribute_code}`),
          attribute_code: attribute.attribute_code,
          label: attribute.label,
          position: attribute.position,
          use_default: false,
          values,
        };
      });
    },
    variants: async (p: ProductTable, _args: unknown, context: RequestContext) => {
      const [attributes, variants] = await Promise.all([
        context.loaders.configurableAttributes.load(p.id),
        context.loaders.variants.load(p.id),
      ]);
      const codes = attributes.map((a) => a.attribute_code);
      const options = await context.loaders.attributeOptions.loadMany(variants.map((v) => v.id));
      return variants.map((variant, i) => {
        const own = options[i];
        const list = own instanceof Error || own === undefined ? [] : own;
        return {
          product: variant,
          attributes: codes.flatMap((code) =>
            list
              .filter((o) => o.attribute_code === code)
              .map((o) => ({
                uid: configurableOptionValueUid(code, o.id),
                code,
                label: o.label,
                value_index: o.id,
              })),
          ),
        };
      });
    },
    configurable_product_options_selection: () => null,
  },
};
