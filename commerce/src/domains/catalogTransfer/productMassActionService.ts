import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { SearchIndex } from '../../db/searchIndex';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { refreshProductsAfterEdit } from './catalogRefresh';
import { STATUS_DISABLED, STATUS_ENABLED } from './magentoCsvColumns';
import { filteredProducts, type ProductListFilter } from './productListFilter';
import { transferDb, type TransferDatabase } from './transferTables';

// Mass actions on the products list, as Magento's grid offers them: enable, disable, add to or
// remove from a category, change prices by a percent. The selection is a list of SKUs or "every
// product the filter matches" (read inside the transaction, so it is the set changed). All or
// nothing: one transaction, one audit entry naming every SKU, one catalog refresh at the end.

/** More than a merchant selects by hand, few enough for one transaction on the demo catalog. */
export const MAX_MASS_SKUS = 5000;
const MAX_PERCENT = 1000;

export type ProductMassAction =
  | { kind: 'enable' }
  | { kind: 'disable' }
  | { kind: 'addToCategory'; categoryId: number }
  | { kind: 'removeFromCategory'; categoryId: number }
  | { kind: 'changePrice'; percent: number };

export type ProductSelection = { skus: readonly string[] } | { filter: ProductListFilter };

export interface MassActionResult {
  /** Products selected (simple and configurable). */
  selected: number;
  /** Products whose rows changed (variants of a configurable count for their parent). */
  changed: number;
}

function massError(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

/** The percent as typed: -100 to 1000, two decimals at most. */
function checkedPercent(percent: number): number {
  if (!Number.isFinite(percent) || percent === 0 || percent < -100 || percent > MAX_PERCENT)
    throw massError('percent', `Percent: a number from -100 to ${MAX_PERCENT}, not 0 (got ${percent}).`);
  if (Math.abs(Math.round(percent * 100) - percent * 100) > 1e-9)
    throw massError('percent', `Percent: two decimals at most (got ${percent}).`);
  return percent;
}

/** A price in cents after the change: rounded half up to the cent, never below 0. */
export function changedPrice(cents: number, percent: number): number {
  return Math.max(0, Math.round((cents * (100 + percent)) / 100));
}

async function selectedProducts(trx: Kysely<TransferDatabase>, selection: ProductSelection) {
  if ('skus' in selection) {
    const skus = [...new Set(selection.skus.map((s) => s.trim()))];
    if (skus.length === 0) throw massError('selection', 'Select at least one product.');
    if (skus.length > MAX_MASS_SKUS) throw massError('selection', `Select at most ${MAX_MASS_SKUS} products at once.`);
    const rows: Array<{ id: number; sku: string; type: string }> = [];
    for (let i = 0; i < skus.length; i += 400)
      rows.push(
        ...(await trx
          .selectFrom('product')
          .select(['id', 'sku', 'type'])
          .where('sku', 'in', skus.slice(i, i + 400))
          .where('parent_id', 'is', null)
          .execute()),
      );
    const found = new Set(rows.map((r) => r.sku));
    const missing = skus.filter((s) => !found.has(s));
    if (missing.length > 0)
      throw massError(
        'selection',
        `No such product: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}.`,
      );
    return rows;
  }
  const rows = await filteredProducts(trx, selection.filter)
    .select(['p.id', 'p.sku', 'p.type'])
    .orderBy('p.id')
    .execute();
  if (rows.length === 0) throw massError('selection', 'No product matches the filter.');
  if (rows.length > MAX_MASS_SKUS)
    throw massError('selection', `${rows.length} products match: narrow the filter to ${MAX_MASS_SKUS} at most.`);
  return rows;
}

/** The products a row's price lives on: a configurable's are its variants'. */
async function priceHolders(trx: Kysely<TransferDatabase>, products: ReadonlyArray<{ id: number; type: string }>) {
  const simple = products.filter((p) => p.type !== 'configurable').map((p) => p.id);
  const parents = products.filter((p) => p.type === 'configurable').map((p) => p.id);
  const ids = [...simple];
  for (let i = 0; i < parents.length; i += 400) {
    const variants = await trx
      .selectFrom('product')
      .select('id')
      .where('parent_id', 'in', parents.slice(i, i + 400))
      .execute();
    ids.push(...variants.map((v) => Number(v.id)));
  }
  return { ids, parents };
}

async function changePrices(trx: Kysely<TransferDatabase>, ids: readonly number[], percent: number): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += 400) {
    const rows = await trx
      .selectFrom('product')
      .select(['id', 'price', 'special_price'])
      .where('id', 'in', ids.slice(i, i + 400))
      .execute();
    for (const row of rows) {
      const price = changedPrice(Number(row.price), percent);
      // A special price moves with the price, so a sale keeps its share of it.
      const special = row.special_price === null ? null : changedPrice(Number(row.special_price), percent);
      const final = special !== null && special < price ? special : price;
      if (price === Number(row.price) && special === (row.special_price === null ? null : Number(row.special_price)))
        continue;
      await trx
        .updateTable('product')
        .set({
          price,
          special_price: special,
          min_price: final,
          max_price: final,
          min_regular_price: price,
          max_regular_price: price,
        })
        .where('id', '=', row.id)
        .execute();
      changed++;
    }
  }
  return changed;
}

async function setStatus(trx: Kysely<TransferDatabase>, ids: readonly number[], status: number): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += 400) {
    const result = await trx
      .updateTable('product')
      .set({ status })
      .where('id', 'in', ids.slice(i, i + 400))
      .where('status', '!=', status)
      .executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  return changed;
}

async function setCategory(
  trx: Kysely<TransferDatabase>,
  ids: readonly number[],
  categoryId: number,
  add: boolean,
): Promise<number> {
  const category = await trx
    .selectFrom('category')
    .select(['id', 'level'])
    .where('id', '=', categoryId)
    .executeTakeFirst();
  if (!category || Number(category.level) < 2)
    throw massError('categoryId', `There is no category ${categoryId} to put products in.`);
  let changed = 0;
  for (let i = 0; i < ids.length; i += 400) {
    const chunk = ids.slice(i, i + 400);
    const linked = new Set(
      (
        await trx
          .selectFrom('category_product')
          .select('product_id')
          .where('category_id', '=', categoryId)
          .where('product_id', 'in', chunk)
          .execute()
      ).map((r) => Number(r.product_id)),
    );
    if (!add) {
      if (linked.size === 0) continue;
      await trx
        .deleteFrom('category_product')
        .where('category_id', '=', categoryId)
        .where('product_id', 'in', [...linked])
        .execute();
      changed += linked.size;
      continue;
    }
    const missing = chunk.filter((id) => !linked.has(id));
    if (missing.length === 0) continue;
    const last = await trx
      .selectFrom('category_product')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    const start = Number(last?.position ?? 0) + 1;
    await trx
      .insertInto('category_product')
      .values(missing.map((product_id, n) => ({ category_id: categoryId, product_id, position: start + n })))
      .execute();
    changed += missing.length;
  }
  return changed;
}

export function createProductMassActionService(db: Kysely<Database>, searchIndex: SearchIndex, clock: Clock) {
  return {
    async apply(selection: ProductSelection, action: ProductMassAction, actor: Actor): Promise<MassActionResult> {
      if (action.kind === 'changePrice') checkedPercent(action.percent);
      return inWriteTransaction(db, { actor, clock }, async (uow: UnitOfWork) => {
        const trx = transferDb(uow.db);
        const products = await selectedProducts(trx, selection);
        const ids = products.map((p) => p.id);
        let changed: number;
        let touched: number[] = ids;
        if (action.kind === 'enable' || action.kind === 'disable') {
          // The products themselves: a configurable's variants keep their own switch (a variant
          // taken out stays off when its product is switched on again).
          changed = await setStatus(trx, ids, action.kind === 'enable' ? STATUS_ENABLED : STATUS_DISABLED);
        } else if (action.kind === 'changePrice') {
          const holders = await priceHolders(trx, products);
          changed = await changePrices(trx, holders.ids, action.percent);
          touched = [...ids, ...holders.ids, ...holders.parents];
        } else changed = await setCategory(trx, ids, action.categoryId, action.kind === 'addToCategory');
        await recordAudit(
          uow.db,
          actor,
          {
            action: `product.mass_${action.kind}`,
            entityType: 'product',
            entityId: products.length === 1 ? products[0]!.sku : `${products.length} products`,
            after: { ...action, skus: products.map((p) => p.sku), changed },
          },
          uow.now,
        );
        // Only the selected products (with their variants and configurables) are indexed again,
        // and the change log names them, so no process re-reads the catalog (issue 33).
        if (changed > 0) await refreshProductsAfterEdit(uow, searchIndex, touched);
        return { selected: products.length, changed };
      });
    },
  };
}

export type ProductMassActionService = ReturnType<typeof createProductMassActionService>;
