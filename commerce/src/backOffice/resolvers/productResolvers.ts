import type {
  MutationAddProductVariantsArgs,
  MutationCreateConfigurableProductArgs,
  MutationCreateProductArgs,
  MutationRemoveProductVariantArgs,
  MutationSetProductImagesArgs,
  MutationUpdateProductArgs,
  QueryProductArgs,
  QueryProductsArgs,
} from '../../__generated__/backOfficeResolvers';
import type {
  TransferProductTable,
  AdminProductRecord,
  ImageEntry,
  ProductEditService,
  ProductSummaryRecord,
  ConfigurableEditService,
} from '../../domains/catalogTransfer';
import { money } from '../../kernel/money';
import { inputError } from '../../domains/errors';
import { withUploadedImages } from '../uploadedImages';
import type { BackOfficeContext } from '../backOfficeContext';

// Products in the back office: list, one product, edit, create. The service holds the rules;
// here arguments go in and the back office's types come out.

const STATUS_ENABLED = 1;
function configurablesOf(context: BackOfficeContext): ConfigurableEditService {
  return context.services.configurables;
}

function productsOf(context: BackOfficeContext): ProductEditService {
  return context.services.products;
}

const upper = (type: string) => type.toUpperCase() as 'SIMPLE';
const enabled = (row: TransferProductTable) => Number(row.status) === STATUS_ENABLED;

function summaryView({ row, stock, variantCount }: ProductSummaryRecord) {
  return {
    sku: row.sku,
    name: row.name,
    type: upper(row.type),
    enabled: enabled(row),
    minPrice: money(Number(row.min_price), row.currency),
    maxPrice: money(Number(row.max_price), row.currency),
    stockQty: stock,
    variantCount,
  };
}

function productView(record: AdminProductRecord) {
  const { row } = record;
  const m = (minor: number | null) => (minor === null ? null : money(Number(minor), row.currency));
  return {
    sku: row.sku,
    type: upper(row.type),
    parentSku: record.parentSku,
    name: row.name,
    urlKey: row.url_key,
    description: row.description,
    shortDescription: row.short_description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    price: m(row.price),
    specialPrice: m(row.special_price),
    minPrice: m(row.min_price),
    maxPrice: m(row.max_price),
    stockQty: Number(row.stock_qty),
    inStock: Number(row.in_stock) === 1,
    enabled: enabled(row),
    storefrontPath: record.storefrontPath,
    categories: record.categories.map((c) => ({ id: String(c.id), path: c.path })),
    images: record.images,
    configurableAttributes: record.configurableAttributes,
    attributes: record.attributes,
    variants: record.variants.map((v) => ({
      sku: v.row.sku,
      options: v.options,
      price: m(v.row.price),
      specialPrice: m(v.row.special_price),
      stockQty: Number(v.row.stock_qty),
      enabled: enabled(v.row),
    })),
  };
}

async function productAfter(context: BackOfficeContext, sku: string) {
  const record = await productsOf(context).load(sku);
  if (!record) throw new Error(`product ${sku} vanished after its write`);
  return productView(record);
}

export const productResolvers = {
  Query: {
    async products(_: unknown, args: QueryProductsArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const result = await productsOf(context).list(args.filter ?? {}, page, pageSize);
      return {
        items: result.items.map(summaryView),
        totalCount: result.totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
      };
    },
    async product(_: unknown, args: QueryProductArgs, context: BackOfficeContext) {
      const record = await productsOf(context).load(args.sku);
      return record ? productView(record) : null;
    },
    productCategoryChoices: async (_: unknown, __: unknown, context: BackOfficeContext) =>
      (await productsOf(context).categoryChoices()).map((c) => ({ id: String(c.id), path: c.path })),
    configurableAttributeChoices: (_: unknown, __: unknown, context: BackOfficeContext) =>
      configurablesOf(context).attributeChoices(),
  },
  Mutation: {
    updateProduct: async (_: unknown, args: MutationUpdateProductArgs, context: BackOfficeContext) =>
      productAfter(context, await productsOf(context).update(args.sku, args.input, context.actor)),
    createProduct: async (_: unknown, args: MutationCreateProductArgs, context: BackOfficeContext) =>
      productAfter(context, await productsOf(context).create(args.input, context.actor)),
    createConfigurableProduct: async (
      _: unknown,
      args: MutationCreateConfigurableProductArgs,
      context: BackOfficeContext,
    ) =>
      productAfter(
        context,
        await configurablesOf(context).create(
          { ...args.input, enabled: args.input.enabled ?? true, categoryIds: args.input.categoryIds ?? [] },
          context.services.mediaDir,
          context.actor,
        ),
      ),
    addProductVariants: async (_: unknown, args: MutationAddProductVariantsArgs, context: BackOfficeContext) =>
      productAfter(
        context,
        await configurablesOf(context).addVariants(args.sku, args.variants, context.services.mediaDir, context.actor),
      ),
    removeProductVariant: async (_: unknown, args: MutationRemoveProductVariantArgs, context: BackOfficeContext) =>
      productAfter(
        context,
        await configurablesOf(context).removeVariant(
          args.sku,
          args.variantSku,
          context.services.mediaDir,
          context.actor,
        ),
      ),
    setProductImages: async (_: unknown, args: MutationSetProductImagesArgs, context: BackOfficeContext) => {
      const files = args.files ?? [];
      const sku = await withUploadedImages(files, async (dir, names) => {
        const entries = args.images.map((image, index): ImageEntry => {
          const label = image.label ?? '';
          if ((image.url == null) === (image.upload == null))
            throw inputError(`Image ${index + 1}: give either the url of an image the product has or an upload.`);
          if (image.url != null) return { url: image.url, label };
          const name = names[image.upload!];
          if (name === undefined) throw inputError(`Image ${index + 1}: there is no file number ${image.upload}.`);
          return { upload: name, label };
        });
        return productsOf(context).setImages(args.sku, entries, dir, context.services.mediaDir, context.actor);
      });
      return productAfter(context, sku);
    },
  },
};
