import { shopDb, type TransferDatabase } from './transferTables';
import { writeStoreConfigValue } from '../../kernel/storeConfig';
import { insertAddress, setProductAddress } from '../routing';
import { insertCategory } from '../catalog';
import type { Kysely } from 'kysely';
import { encodeUid } from '../../kernel/uids';
import { loadCatalogMaps, type CatalogMaps } from './catalogState';
import { joinCategoryPath, splitCategoryPath } from './magentoCsvColumns';
import type { AttributeKind, PlannedProduct } from './importPlanner';
import { copyPlannedImages } from './productImages';
import { categoryUrlKey } from './slug';

// Writes a planned batch inside its write transaction: categories and attribute options that
// are missing first, then each product with its links, images, attribute values, variants and
// addresses. Ids are assigned here, from the highest ids in the transaction, like the rest of
// the catalog. Everything is read again in the transaction (maps included), so a retried
// transaction starts from what is committed.

const STORE_ID = 1;
const ROOT_CATALOG_ID = 1;

class Ids {
  private next = new Map<string, number>();
  constructor(private readonly trx: Kysely<TransferDatabase>) {}
  async take(
    table:
      | 'product'
      | 'category'
      | 'attribute'
      | 'attribute_option'
      | 'product_media'
      | 'url_rewrite'
      | 'configurable_attribute',
  ): Promise<number> {
    let value = this.next.get(table);
    if (value === undefined) {
      const row = await this.trx
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
      value = Number(row?.max ?? 0) + 1;
    }
    this.next.set(table, value + 1);
    return value;
  }
}

function finalPrice(fields: PlannedProduct['fields']): number {
  return fields.special_price !== null && fields.special_price < fields.price ? fields.special_price : fields.price;
}

export class CatalogWriter {
  private readonly ids: Ids;
  private nextPosition: number | undefined;

  constructor(
    private readonly trx: Kysely<TransferDatabase>,
    private readonly maps: CatalogMaps,
    private readonly baseCurrency: string,
    /** Configurables whose prices follow their variants: recomputed once at the end. */
    private readonly touchedConfigurables: Set<number>,
  ) {
    this.ids = new Ids(trx);
  }

  static async open(trx: Kysely<TransferDatabase>, baseCurrency: string, touched: Set<number>): Promise<CatalogWriter> {
    return new CatalogWriter(trx, await loadCatalogMaps(trx), baseCurrency, touched);
  }

  get catalogMaps(): CatalogMaps {
    return this.maps;
  }

  private async position(): Promise<number> {
    if (this.nextPosition === undefined) {
      const row = await this.trx
        .selectFrom('product')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      this.nextPosition = Number(row?.max ?? 0) + 1;
    }
    return this.nextPosition++;
  }

  /** The category at a name path, created with its missing ancestors. */
  private async category(path: string): Promise<number> {
    const known = this.maps.categoryByPath.get(path);
    if (known !== undefined) return known;
    const names = splitCategoryPath(path);
    const name = names[names.length - 1] ?? '';
    let parentId: number;
    if (names.length === 1) {
      if (!this.maps.categories.has(ROOT_CATALOG_ID)) await this.createRootCatalog();
      parentId = ROOT_CATALOG_ID;
    } else {
      parentId = await this.category(joinCategoryPath(names.slice(0, -1)));
    }
    const parent = this.maps.categories.get(parentId);
    if (!parent) throw new Error(`category ${parentId} vanished during the import`);
    const id = await this.ids.take('category');
    const urlKey = categoryUrlKey(name);
    const level = parent.level + 1;
    const urlPath = level >= 3 ? `${parent.url_path}/${urlKey}` : urlKey;
    const siblings = [...this.maps.categories.values()].filter((c) => c.parent_id === parentId);
    const position = Math.max(0, ...siblings.map((c) => c.position)) + 1;
    await insertCategory(shopDb(this.trx), {
      id,
      parent_id: parentId,
      path: `${parent.path}/${id}`,
      level,
      position,
      name,
      url_key: urlKey,
      url_path: urlPath,
      description: null,
      meta_title: name,
      meta_description: null,
      image: null,
      include_in_menu: 1,
      is_active: 1,
    });
    if (level >= 2) {
      await insertAddress(shopDb(this.trx), {
        id: await this.ids.take('url_rewrite'),
        request_path: `${urlPath}.html`,
        target_path: `catalog/category/view/id/${id}`,
        entity_type: 'CATEGORY',
        entity_id: id,
        redirect_type: 0,
        store_id: STORE_ID,
      });
    } else {
      // The first root category of an empty shop becomes the store's root, so its menu shows.
      const root = await this.trx
        .selectFrom('store_config')
        .select('key')
        .where('key', '=', 'root_category_uid')
        .executeTakeFirst();
      if (!root) {
        await writeStoreConfigValue(shopDb(this.trx), 'root_category_id', String(id));
        await writeStoreConfigValue(shopDb(this.trx), 'root_category_uid', encodeUid(id));
      }
    }
    this.maps.addCategory({
      id,
      parent_id: parentId,
      name,
      level,
      path: `${parent.path}/${id}`,
      url_path: urlPath,
      position,
    });
    return id;
  }

  private async createRootCatalog(): Promise<void> {
    await insertCategory(shopDb(this.trx), {
      id: ROOT_CATALOG_ID,
      parent_id: null,
      path: '1',
      level: 0,
      position: 0,
      name: 'Root Catalog',
      url_key: 'root-catalog',
      url_path: 'root-catalog',
      description: null,
      meta_title: null,
      meta_description: null,
      image: null,
      include_in_menu: 0,
      is_active: 1,
    });
    this.maps.addCategory({
      id: ROOT_CATALOG_ID,
      parent_id: null,
      name: 'Root Catalog',
      level: 0,
      path: '1',
      url_path: 'root-catalog',
      position: 0,
    });
  }

  /**
   * The option id of a label, created (with its attribute) when missing. A new attribute is a
   * filterable select unless the plan says it holds Yes/No or text, which are not filters.
   */
  private async option(
    code: string,
    label: string,
    attributeLabel: string | undefined,
    kind: AttributeKind = 'select',
  ): Promise<number> {
    let attribute = this.maps.attributes.get(code);
    if (!attribute) {
      const id = await this.ids.take('attribute');
      const position = Math.max(0, ...[...this.maps.attributes.values()].map((a) => a.position)) + 1;
      const name = attributeLabel ?? code;
      await this.trx
        .insertInto('attribute')
        .values({
          id,
          code,
          label: name,
          position,
          input: kind,
          is_filterable: kind === 'select' ? 1 : 0,
          is_searchable: 1,
          is_visible_on_front: 1,
        })
        .execute();
      attribute = { id, code, label: name, position, input: kind, options: new Map() };
      this.maps.addAttribute(attribute);
    }
    const known = attribute.options.get(label.toLowerCase());
    if (known) return known.id;
    const id = await this.ids.take('attribute_option');
    const position = Math.max(0, ...[...attribute.options.values()].map((o) => o.position)) + 1;
    await this.trx
      .insertInto('attribute_option')
      .values({ id, attribute_code: code, label, swatch_value: null, position })
      .execute();
    this.maps.addOption(code, { id, label, position });
    return id;
  }

  private async setAttributeValues(
    productId: number,
    values: Map<string, string[]>,
    labels: Map<string, string>,
    kinds: Map<string, AttributeKind> = new Map(),
  ) {
    for (const [code, optionLabels] of values) {
      await this.trx
        .deleteFrom('product_attribute_value')
        .where('product_id', '=', productId)
        .where('attribute_code', '=', code)
        .execute();
      const optionIds = new Set<number>();
      for (const label of optionLabels)
        optionIds.add(await this.option(code, label, labels.get(code), kinds.get(code)));
      if (optionIds.size > 0)
        await this.trx
          .insertInto('product_attribute_value')
          .values([...optionIds].map((option_id) => ({ product_id: productId, attribute_code: code, option_id })))
          .execute();
    }
  }

  async write(plan: PlannedProduct): Promise<void> {
    if (plan.action === 'unchanged') return;
    const { fields } = plan;
    const final = finalPrice(fields);
    const values = {
      name: fields.name,
      url_key: fields.url_key,
      visibility: fields.visibility,
      description: fields.description,
      short_description: fields.short_description,
      meta_title: fields.meta_title,
      meta_description: fields.meta_description,
      price: fields.price,
      special_price: fields.special_price,
      min_price: final,
      max_price: final,
      min_regular_price: fields.price,
      max_regular_price: fields.price,
      stock_qty: fields.qty,
      in_stock: fields.in_stock,
      weight: fields.weight,
      status: fields.status,
    };
    const existing = plan.existing;
    let id: number;
    let position: number;
    if (existing) {
      position = Number(existing.row.position);
      id = existing.id;
      await this.trx.updateTable('product').set(values).where('id', '=', id).execute();
      if (existing.parent_id !== null) this.touchedConfigurables.add(existing.parent_id);
    } else {
      id = await this.ids.take('product');
      position = await this.position();
      await this.trx
        .insertInto('product')
        .values({
          ...values,
          id,
          type: plan.type,
          parent_id: null,
          sku: plan.sku,
          currency: this.baseCurrency,
          position,
        })
        .execute();
    }
    if (plan.type === 'configurable') this.touchedConfigurables.add(id);

    // Categories: drop the links the row no longer names, add the new ones.
    const before = new Set(existing?.categories ?? []);
    const after = new Set(plan.categories);
    const dropped = [...before].filter((p) => !after.has(p)).map((p) => this.maps.categoryByPath.get(p));
    const droppedIds = dropped.filter((c): c is number => c !== undefined);
    if (droppedIds.length > 0)
      await this.trx
        .deleteFrom('category_product')
        .where('product_id', '=', id)
        .where('category_id', 'in', droppedIds)
        .execute();
    const added: number[] = [];
    for (const path of plan.categories) if (!before.has(path)) added.push(await this.category(path));
    if (added.length > 0)
      await this.trx
        .insertInto('category_product')
        .values([...new Set(added)].map((category_id) => ({ category_id, product_id: id, position })))
        .execute();

    // Images: the gallery is replaced when it differs; files are copied before the rows point at them.
    const sameImages =
      existing !== undefined &&
      existing.images.length === plan.images.length &&
      existing.images.every((image, i) => image.url === plan.images[i]?.url && image.label === plan.images[i]?.label);
    if (!sameImages) {
      await copyPlannedImages(plan.images);
      await this.trx.deleteFrom('product_media').where('product_id', '=', id).execute();
      for (const [i, image] of plan.images.entries())
        await this.trx
          .insertInto('product_media')
          .values({
            id: await this.ids.take('product_media'),
            product_id: id,
            url: image.url,
            label: image.label,
            position: i + 1,
            disabled: 0,
          })
          .execute();
    }

    // Attribute values: the codes whose options differ are written again; others stay.
    const changed = new Map<string, string[]>();
    for (const [code, labels] of plan.attributes) {
      const current = existing?.attributes.get(code) ?? [];
      const norm = (l: string[]) =>
        [...l]
          .map((x) => x.toLowerCase())
          .sort()
          .join('\n');
      if (norm(current) !== norm(labels)) changed.set(code, labels);
    }
    for (const code of existing?.attributes.keys() ?? []) if (!plan.attributes.has(code)) changed.set(code, []);
    await this.setAttributeValues(
      id,
      changed,
      new Map([...plan.attributeLabels, ...(plan.configurable?.labels ?? [])]),
      plan.attributeKinds,
    );

    for (const [code, label] of plan.relabels) {
      const attribute = this.maps.attributes.get(code);
      if (!attribute || attribute.label === label) continue;
      await this.trx.updateTable('attribute').set({ label }).where('code', '=', code).execute();
      attribute.label = label;
    }
    if (plan.configurable) await this.writeVariants(id, plan.configurable, existing?.configurableCodes ?? []);
    await this.writeRewrite(id, plan, existing?.row.url_key, existing ? Number(existing.row.visibility) : undefined);
  }

  private async writeVariants(
    id: number,
    configurable: NonNullable<PlannedProduct['configurable']>,
    codesBefore: string[],
  ): Promise<void> {
    if (codesBefore.join(',') !== configurable.codes.join(',')) {
      await this.trx.deleteFrom('configurable_attribute').where('product_id', '=', id).execute();
      for (const [position, code] of configurable.codes.entries())
        await this.trx
          .insertInto('configurable_attribute')
          .values({ id: await this.ids.take('configurable_attribute'), product_id: id, attribute_code: code, position })
          .execute();
    }
    const skus = configurable.variants.map((v) => v.sku);
    const rows = await this.trx.selectFrom('product').select(['id', 'sku']).where('sku', 'in', skus).execute();
    const idBySku = new Map(rows.map((r) => [r.sku, Number(r.id)]));
    const variantIds = [...idBySku.values()];
    await this.trx
      .updateTable('product')
      .set({ parent_id: null })
      .where('parent_id', '=', id)
      .where('id', 'not in', variantIds.length > 0 ? variantIds : [-1])
      .execute();
    if (variantIds.length > 0)
      await this.trx.updateTable('product').set({ parent_id: id }).where('id', 'in', variantIds).execute();
    for (const variant of configurable.variants) {
      const variantId = idBySku.get(variant.sku);
      if (variantId === undefined) continue;
      const values = new Map(variant.values.map(([code, label]) => [code, [label]]));
      const current = await this.trx
        .selectFrom('product_attribute_value')
        .select(['attribute_code', 'option_id'])
        .where('product_id', '=', variantId)
        .where('attribute_code', 'in', configurable.codes)
        .execute();
      const wanted = new Map<string, number>();
      for (const [code, label] of variant.values)
        wanted.set(code, await this.option(code, label, configurable.labels.get(code)));
      const same =
        current.length === wanted.size && current.every((c) => wanted.get(c.attribute_code) === Number(c.option_id));
      if (!same) await this.setAttributeValues(variantId, values, configurable.labels);
    }
  }

  /** The product's address in the default store: `url_key.html` while it is visible on its own. */
  private async writeRewrite(
    id: number,
    plan: PlannedProduct,
    urlKeyBefore: string | undefined,
    visibilityBefore: number | undefined,
  ) {
    const { url_key: urlKey, visibility } = plan.fields;
    if (urlKeyBefore === urlKey && visibilityBefore === visibility) return;
    await setProductAddress(
      shopDb(this.trx),
      { productId: id, storeId: STORE_ID, urlKey, visible: visibility !== 1 },
      () => this.ids.take('url_rewrite'),
    );
  }
}
