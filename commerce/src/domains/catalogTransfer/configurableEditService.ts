import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { Clock } from '../../kernel/clock';
import { minorDigits } from '../../kernel/money';
import { baseCurrencyCode } from '../../kernel/storeConfig';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';
import { refreshProductsAfterEdit } from './catalogRefresh';
import { loadCatalogMaps, loadProductStates, type CatalogMaps, type ProductState } from './catalogState';
import { CatalogWriter } from './catalogWriter';
import { ImportPlanner } from './importPlanner';
import { MULTI_SEPARATOR, STATUS_DISABLED, STATUS_ENABLED, VISIBILITY_LABELS } from './magentoCsvColumns';
import {
  amount,
  categoryIdsOf,
  checkSku,
  checkUrlKeyFree,
  productFieldError,
  quantity,
  required,
  setCategories,
  urlKeyOf,
} from './productEditService';
import { parseRow, RowError } from './rowValidation';
import { slugify } from './slug';
import { transferDb, type TransferDatabase } from './transferTables';

// Configurable products in the back office: created with their variants, variants added and
// removed. The changes are written as the rows of Magento's product CSV and go through the
// import's own parser, planner and writer, inside one transaction: one set of catalog rules
// (option labels, url keys, parent links, prices that follow the variants) for the file and the
// form alike. The form's input is checked here first, so its refusals name the field.

export const MAX_VARIANTS = 200;
const MAX_CONFIGURABLE_ATTRIBUTES = 5;
const VISIBLE = VISIBILITY_LABELS[4]!;
const NOT_VISIBLE = VISIBILITY_LABELS[1]!;

export interface VariantInput {
  sku: string;
  /** One label per configurable attribute of the product. */
  options: Array<{ code: string; label: string }>;
  /** Major units. */
  price: number;
  stockQty: number;
}

export interface NewConfigurableInput {
  sku: string;
  name: string;
  urlKey?: string | null;
  description?: string | null;
  enabled?: boolean | null;
  categoryIds?: readonly string[] | null;
  /** The attributes shoppers choose by (color, size), in the order they are shown. */
  attributeCodes: readonly string[];
  variants: readonly VariantInput[];
}

export interface AttributeChoice {
  code: string;
  label: string;
  options: string[];
}

type CsvRecord = Record<string, string>;

function optionLabel(label: string, index: number): string {
  const value = label.trim();
  if (value === '') throw productFieldError('variants', `Variant ${index + 1}: every option needs a value.`);
  if (value.length > 255) throw productFieldError('variants', `Variant ${index + 1}: an option value is too long.`);
  if (/[,|=\u0000-\u001f]/.test(value))
    throw productFieldError(
      'variants',
      `Variant ${index + 1}: an option value must not contain , | or = ("${value}").`,
    );
  return value;
}

/** The variant rows' checks before any CSV is made: every option set, no combination twice, no sku twice. */
function checkVariants(
  variants: readonly VariantInput[],
  codes: readonly string[],
  digits: number,
  taken: ReadonlySet<string>,
  existingCombinations: ReadonlyMap<string, string>,
): Array<VariantInput & { minorPrice: number }> {
  if (variants.length > MAX_VARIANTS)
    throw productFieldError('variants', `A configurable product can have at most ${MAX_VARIANTS} variants.`);
  const skus = new Set<string>();
  const combinations = new Map(existingCombinations);
  return variants.map((variant, index) => {
    const sku = checkSku(variant.sku);
    if (skus.has(sku) || taken.has(sku))
      throw productFieldError('variants', `The SKU "${sku}" is taken: another product has it.`);
    skus.add(sku);
    const options = codes.map((code) => {
      const given = variant.options.filter((o) => o.code === code);
      if (given.length !== 1)
        throw productFieldError('variants', `Variant ${index + 1} (${sku}) needs exactly one value for ${code}.`);
      return { code, label: optionLabel(given[0]!.label, index) };
    });
    if (variant.options.length !== codes.length)
      throw productFieldError(
        'variants',
        `Variant ${index + 1} (${sku}) names an attribute the product is not configured by.`,
      );
    const key = options.map((o) => o.label.toLowerCase()).join('\u0000');
    const twin = combinations.get(key);
    if (twin !== undefined)
      throw productFieldError(
        'variants',
        `Variant ${index + 1} (${sku}) has the same options as ${twin}: ${options.map((o) => o.label).join(', ')}.`,
      );
    combinations.set(key, sku);
    return {
      sku,
      options,
      price: variant.price,
      minorPrice: amount('variants', `Variant ${index + 1}: the price`, variant.price, digits),
      stockQty: quantity(variant.stockQty),
    };
  });
}

function variationsCell(
  variants: ReadonlyArray<{ sku: string; options: ReadonlyArray<{ code: string; label: string }> }>,
): string {
  return variants
    .map((v) => [`sku=${v.sku}`, ...v.options.map((o) => `${o.code}=${o.label}`)].join(','))
    .join(MULTI_SEPARATOR);
}

function variantRecord(
  parent: { name: string; urlKey: string },
  variant: {
    sku: string;
    options: ReadonlyArray<{ code: string; label: string }>;
    minorPrice: number;
    stockQty: number;
  },
  digits: number,
): CsvRecord {
  const labels = variant.options.map((o) => o.label);
  return {
    sku: variant.sku,
    product_type: 'simple',
    name: `${parent.name} - ${labels.join(', ')}`.slice(0, 255),
    url_key: slugify(`${parent.urlKey} ${labels.join(' ')} ${variant.sku}`).slice(0, 255),
    price: (variant.minorPrice / 10 ** digits).toFixed(digits),
    qty: String(variant.stockQty),
    is_in_stock: variant.stockQty > 0 ? '1' : '0',
    visibility: NOT_VISIBLE,
    product_online: String(STATUS_ENABLED),
    additional_attributes: variant.options.map((o) => `${o.code}=${o.label}`).join(','),
  };
}

/**
 * Runs the records through the import's parser, planner and writer in this transaction. A row
 * the import would reject is refused here with its reason, and nothing is written.
 */
async function applyRecords(
  trx: Kysely<TransferDatabase>,
  records: readonly CsvRecord[],
  currency: string,
  mediaDir: string,
): Promise<Set<number>> {
  const digits = minorDigits(currency);
  const planner = new ImportPlanner(trx, await loadCatalogMaps(trx), undefined, mediaDir);
  const rows = records.map((record, i) => {
    try {
      const row = parseRow(i + 2, record, digits);
      const duplicate = planner.claim(row.row, row.sku, row.type);
      if (duplicate) throw new RowError(duplicate);
      return row;
    } catch (error) {
      if (error instanceof RowError) throw productFieldError('variants', `${record.sku}: ${error.message}.`);
      throw error;
    }
  });
  const { planned, rejected } = await planner.planBatch(rows, true);
  const first = rejected[0];
  if (first) throw productFieldError('variants', `${first.sku}: ${first.reason}.`);
  const touched = new Set<number>();
  const writer = await CatalogWriter.open(trx, currency, touched);
  for (const plan of planned) if (plan.action !== 'unchanged') await writer.write(plan);
  return touched;
}

/** Each existing variant with the option labels it has for the parent's configurable attributes. */
async function currentVariants(
  trx: Kysely<TransferDatabase>,
  maps: CatalogMaps,
  parent: ProductState,
): Promise<Array<{ sku: string; options: Array<{ code: string; label: string }>; state: ProductState }>> {
  const states = await loadProductStates(trx, maps, parent.variantSkus);
  return parent.variantSkus.flatMap((sku) => {
    const state = states.get(sku);
    if (!state) return [];
    const options = parent.configurableCodes.map((code) => ({ code, label: state.attributes.get(code)?.[0] ?? '' }));
    return [{ sku, options, state }];
  });
}

async function takenSkus(trx: Kysely<TransferDatabase>, skus: readonly string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await trx
    .selectFrom('product')
    .select('sku')
    .where('sku', 'in', [...skus])
    .execute();
  return new Set(rows.map((r) => r.sku));
}

export function createConfigurableEditService(db: Kysely<Database>, searchIndex: SearchIndex, clock: Clock) {
  async function loadConfigurable(trx: Kysely<TransferDatabase>, maps: CatalogMaps, sku: string) {
    const parent = (await loadProductStates(trx, maps, [sku.trim()])).get(sku.trim());
    if (!parent) throw noSuchEntityError(`There is no product with the sku "${sku.slice(0, 64)}".`);
    if (parent.type !== 'configurable')
      throw productFieldError(
        'variants',
        `${parent.sku} is a simple product: only configurable products have variants.`,
      );
    return parent;
  }

  /** Select attributes a configurable can be configured by, with the option labels the shop has. */
  async function attributeChoices(): Promise<AttributeChoice[]> {
    const maps = await loadCatalogMaps(transferDb(db));
    return [...maps.attributes.values()]
      .sort((a, b) => a.position - b.position || a.code.localeCompare(b.code))
      .map((attribute) => ({
        code: attribute.code,
        label: attribute.label,
        options: [...attribute.options.values()].sort((a, b) => a.position - b.position).map((o) => o.label),
      }));
  }

  async function create(input: NewConfigurableInput, mediaDir: string, actor: Actor): Promise<string> {
    const sku = checkSku(input.sku);
    const name = required('name', 'Name', input.name);
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const shopTrx = uow.db;
      const trx = transferDb(shopTrx);
      const currency = await baseCurrencyCode(shopTrx);
      const digits = minorDigits(currency);
      const maps = await loadCatalogMaps(trx);
      const codes = [...new Set(input.attributeCodes)];
      if (codes.length === 0)
        throw productFieldError(
          'attributes',
          'Choose at least one attribute that shoppers choose by, such as color or size.',
        );
      if (codes.length > MAX_CONFIGURABLE_ATTRIBUTES)
        throw productFieldError('attributes', `Choose at most ${MAX_CONFIGURABLE_ATTRIBUTES} attributes.`);
      for (const code of codes)
        if (!maps.attributes.has(code))
          throw productFieldError('attributes', `There is no attribute "${code.slice(0, 60)}".`);
      if (input.variants.length === 0)
        throw productFieldError('variants', 'A configurable product needs at least one variant.');
      const taken = await takenSkus(trx, [sku, ...input.variants.map((v) => v.sku.trim())]);
      if (taken.has(sku)) throw productFieldError('sku', `The SKU "${sku}" is taken: another product has it.`);
      const variants = checkVariants(input.variants, codes, digits, taken, new Map());
      if (variants.some((v) => v.sku === sku))
        throw productFieldError('variants', `A variant cannot have the product's own SKU "${sku}".`);
      const urlKey = input.urlKey != null && input.urlKey.trim() !== '' ? urlKeyOf(input.urlKey) : slugify(name);
      if (urlKey === '')
        throw productFieldError('urlKey', 'URL key: the name has no letters or digits to make one from; enter one.');
      await checkUrlKeyFree(trx, urlKey, null);
      const categories = categoryIdsOf(maps, input.categoryIds ?? []);
      const records: CsvRecord[] = [
        ...variants.map((v) => variantRecord({ name, urlKey }, v, digits)),
        {
          sku,
          product_type: 'configurable',
          name,
          url_key: urlKey,
          description: input.description ?? '',
          visibility: VISIBLE,
          product_online: String(input.enabled === false ? STATUS_DISABLED : STATUS_ENABLED),
          configurable_variations: variationsCell(variants),
          configurable_variation_labels: codes.map((code) => `${code}=${maps.attributes.get(code)!.label}`).join(','),
        },
      ];
      const touched = await applyRecords(trx, records, currency, mediaDir);
      const product = await trx.selectFrom('product').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
      await setCategories(trx, Number(product.id), [], categories);
      await recordAudit(
        shopTrx,
        actor,
        {
          action: 'product.create',
          entityType: 'product',
          entityId: sku,
          after: {
            type: 'configurable',
            name,
            urlKey,
            attributes: codes,
            categoryIds: categories,
            variants: variants.map((v) => ({ sku: v.sku, options: v.options, price: v.price, stockQty: v.stockQty })),
          },
        },
        clock(),
      );
      await refreshProductsAfterEdit(uow, searchIndex, [...touched, Number(product.id)]);
      return sku;
    });
  }

  async function addVariants(parentSku: string, input: readonly VariantInput[], mediaDir: string, actor: Actor) {
    if (input.length === 0) throw productFieldError('variants', 'Give at least one variant to add.');
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const shopTrx = uow.db;
      const trx = transferDb(shopTrx);
      const currency = await baseCurrencyCode(shopTrx);
      const digits = minorDigits(currency);
      const maps = await loadCatalogMaps(trx);
      const parent = await loadConfigurable(trx, maps, parentSku);
      const existing = await currentVariants(trx, maps, parent);
      if (existing.length + input.length > MAX_VARIANTS)
        throw productFieldError('variants', `A configurable product can have at most ${MAX_VARIANTS} variants.`);
      const taken = await takenSkus(
        trx,
        input.map((v) => v.sku.trim()),
      );
      const combinations = new Map(
        existing.map((v) => [v.options.map((o) => o.label.toLowerCase()).join('\u0000'), v.sku] as const),
      );
      const added = checkVariants(input, parent.configurableCodes, digits, taken, combinations);
      const records: CsvRecord[] = [
        ...added.map((v) => variantRecord({ name: parent.row.name, urlKey: parent.row.url_key }, v, digits)),
        { sku: parent.sku, configurable_variations: variationsCell([...existing, ...added]) },
      ];
      const touched = await applyRecords(trx, records, currency, mediaDir);
      await recordAudit(
        shopTrx,
        actor,
        {
          action: 'product.variants.add',
          entityType: 'product',
          entityId: parent.sku,
          before: { variants: existing.map((v) => v.sku) },
          after: {
            variants: [...existing.map((v) => v.sku), ...added.map((v) => v.sku)],
            added: added.map((v) => ({ sku: v.sku, options: v.options, price: v.price, stockQty: v.stockQty })),
          },
        },
        clock(),
      );
      await refreshProductsAfterEdit(uow, searchIndex, [...touched, parent.id]);
      return parent.sku;
    });
  }

  /**
   * Takes a variant out of its configurable. The variant is kept (orders name it) but switched
   * off, so no shopper meets it on its own; its stock no longer counts for the configurable.
   */
  async function removeVariant(parentSku: string, variantSku: string, mediaDir: string, actor: Actor) {
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const shopTrx = uow.db;
      const trx = transferDb(shopTrx);
      const currency = await baseCurrencyCode(shopTrx);
      const maps = await loadCatalogMaps(trx);
      const parent = await loadConfigurable(trx, maps, parentSku);
      const existing = await currentVariants(trx, maps, parent);
      const leaving = existing.find((v) => v.sku === variantSku.trim());
      if (!leaving)
        throw productFieldError('variants', `${parent.sku} has no variant with the sku "${variantSku.slice(0, 64)}".`);
      const staying = existing.filter((v) => v !== leaving);
      if (staying.length === 0)
        throw productFieldError(
          'variants',
          'This is the last variant: a configurable product needs at least one. Disable the product instead.',
        );
      const records: CsvRecord[] = [
        { sku: leaving.sku, product_online: String(STATUS_DISABLED) },
        { sku: parent.sku, configurable_variations: variationsCell(staying) },
      ];
      const touched = await applyRecords(trx, records, currency, mediaDir);
      await recordAudit(
        shopTrx,
        actor,
        {
          action: 'product.variants.remove',
          entityType: 'product',
          entityId: parent.sku,
          before: { variants: existing.map((v) => v.sku) },
          after: { variants: staying.map((v) => v.sku), removed: leaving.sku },
        },
        clock(),
      );
      await refreshProductsAfterEdit(uow, searchIndex, [...touched, parent.id, leaving.state.id]);
      return parent.sku;
    });
  }

  return { attributeChoices, create, addVariants, removeVariant };
}

export type ConfigurableEditService = ReturnType<typeof createConfigurableEditService>;
