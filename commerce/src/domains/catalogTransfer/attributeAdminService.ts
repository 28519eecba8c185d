import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { nextIdAboveRows } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import type { UntypedDb } from '../../db/untyped';
import type { SearchIndex } from '../../db/searchIndex';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction, NO_PRODUCT_CHANGED, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';
import {
  MAX_ATTRIBUTE_OPTIONS,
  OPTION_INPUTS,
  attributeCode,
  attributeInput,
  attributeLabel,
  attributePosition,
  inputChangeAllowed,
  swatchColour,
} from './attributeRules';
import { refreshProductsAfterEdit } from './catalogRefresh';

// Product attributes and their options as the merchant manages them in the back office. Every
// write is one unit of work with its audit entry and a catalog version bump, so layered
// navigation, product pages and searches of every process follow on their next request. Removing
// what products use (an option, an attribute) takes their values away: it is refused unless the
// caller confirms, and the products it touched are re-indexed in the same transaction.

export interface AttributeStoreLabel {
  storeCode: string;
  label: string;
}

export interface AttributeOptionRecord {
  id: number;
  label: string;
  swatch: string | null;
  position: number;
  storeLabels: AttributeStoreLabel[];
  /** Products that have this option as a value (a variant counts as one). */
  productCount: number;
}

export interface AttributeRecord {
  code: string;
  label: string;
  input: string;
  filterable: boolean;
  searchable: boolean;
  visibleOnFront: boolean;
  position: number;
  storeLabels: AttributeStoreLabel[];
  optionCount: number;
  productCount: number;
  /** Configurable products are chosen by it: it cannot be deleted while they are. */
  configurableCount: number;
}

export interface AttributeDetail extends AttributeRecord {
  options: AttributeOptionRecord[];
}

export interface AttributeSaveInput {
  label: string;
  input: string;
  filterable: boolean;
  searchable: boolean;
  visibleOnFront: boolean;
  position?: number | null;
  /** Labels of other store views; a store view left out shows the default label. */
  storeLabels?: readonly AttributeStoreLabel[] | null;
}

export interface AttributeOptionInput {
  /** An existing option's id; none for a new option. */
  id?: number | null;
  label: string;
  swatch?: string | null;
  storeLabels?: readonly AttributeStoreLabel[] | null;
}

function inputError(field: string, message: string): DomainError {
  return new DomainError('input', message, { field });
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function createAttributeAdminService(db: Kysely<Database>, searchIndex: SearchIndex, clock: Clock) {
  async function storeIds(reader: Kysely<Database>): Promise<Map<string, number>> {
    const rows = await reader.selectFrom('store_view').select(['id', 'code']).execute();
    return new Map(rows.map((r) => [r.code, Number(r.id)]));
  }

  /** The store labels given, by store id; the default store's label is the attribute's own. */
  function storeLabelRows(
    field: string,
    given: readonly AttributeStoreLabel[] | null | undefined,
    stores: Map<string, number>,
    what: string,
  ): Map<number, string> {
    const byStore = new Map<number, string>();
    for (const entry of given ?? []) {
      const id = stores.get(entry.storeCode.trim());
      if (id === undefined) throw inputError(field, `There is no store view "${entry.storeCode.slice(0, 40)}".`);
      if (byStore.has(id)) throw inputError(field, `${what}: the store view "${entry.storeCode}" is given twice.`);
      // An empty label means "use the default", as a cleared field in the form does.
      if (entry.label.trim() === '') continue;
      byStore.set(id, attributeLabel(field, entry.label, `${what} (${entry.storeCode})`));
    }
    return byStore;
  }

  async function records(reader: Kysely<Database>, only?: string): Promise<AttributeRecord[]> {
    const [attributes, labels, options, products, configurables, stores] = await Promise.all([
      reader
        .selectFrom('attribute')
        .selectAll()
        .$if(only !== undefined, (q) => q.where('code', '=', only!))
        .orderBy('position')
        .orderBy('code')
        .execute(),
      reader
        .selectFrom('attribute_store')
        .selectAll()
        .$if(only !== undefined, (q) => q.where('attribute_code', '=', only!))
        .execute(),
      reader
        .selectFrom('attribute_option')
        .select(['attribute_code', (eb) => eb.fn.countAll<number>().as('n')])
        .$if(only !== undefined, (q) => q.where('attribute_code', '=', only!))
        .groupBy('attribute_code')
        .execute(),
      reader
        .selectFrom('product_attribute_value')
        .select(['attribute_code', (eb) => eb.fn.count<number>('product_id').distinct().as('n')])
        .$if(only !== undefined, (q) => q.where('attribute_code', '=', only!))
        .groupBy('attribute_code')
        .execute(),
      reader
        .selectFrom('configurable_attribute')
        .select(['attribute_code', (eb) => eb.fn.countAll<number>().as('n')])
        .$if(only !== undefined, (q) => q.where('attribute_code', '=', only!))
        .groupBy('attribute_code')
        .execute(),
      reader.selectFrom('store_view').select(['id', 'code']).orderBy('sort_order').orderBy('id').execute(),
    ]);
    const count = (rows: Array<{ attribute_code: string; n: number | string | bigint }>) =>
      new Map(rows.map((r) => [r.attribute_code, Number(r.n)]));
    const [optionCounts, productCounts, configurableCounts] = [count(options), count(products), count(configurables)];
    const codeOf = new Map(stores.map((s) => [Number(s.id), s.code]));
    return attributes.map((a) => ({
      code: a.code,
      label: a.label,
      input: a.input,
      filterable: a.is_filterable === 1,
      searchable: a.is_searchable === 1,
      visibleOnFront: a.is_visible_on_front === 1,
      position: a.position,
      storeLabels: labels
        .filter((l) => l.attribute_code === a.code && codeOf.has(Number(l.store_id)))
        .map((l) => ({ storeCode: codeOf.get(Number(l.store_id))!, label: l.label }))
        .sort((x, y) => x.storeCode.localeCompare(y.storeCode)),
      optionCount: optionCounts.get(a.code) ?? 0,
      productCount: productCounts.get(a.code) ?? 0,
      configurableCount: configurableCounts.get(a.code) ?? 0,
    }));
  }

  async function detail(reader: Kysely<Database>, code: string): Promise<AttributeDetail> {
    const [record] = await records(reader, code);
    if (!record) throw noSuchEntityError(`There is no attribute "${code.slice(0, 60)}".`);
    const [options, labels, uses, stores] = await Promise.all([
      reader
        .selectFrom('attribute_option')
        .selectAll()
        .where('attribute_code', '=', code)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      reader
        .selectFrom('attribute_option_store as s')
        .innerJoin('attribute_option as o', 'o.id', 's.option_id')
        .select(['s.option_id', 's.store_id', 's.label'])
        .where('o.attribute_code', '=', code)
        .execute(),
      reader
        .selectFrom('product_attribute_value')
        .select(['option_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('attribute_code', '=', code)
        .groupBy('option_id')
        .execute(),
      reader.selectFrom('store_view').select(['id', 'code']).execute(),
    ]);
    const codeOf = new Map(stores.map((s) => [Number(s.id), s.code]));
    const used = new Map(uses.map((u) => [Number(u.option_id), Number(u.n)]));
    return {
      ...record,
      options: options.map((o) => ({
        id: Number(o.id),
        label: o.label,
        swatch: o.swatch_value,
        position: o.position,
        storeLabels: labels
          .filter((l) => Number(l.option_id) === Number(o.id) && codeOf.has(Number(l.store_id)))
          .map((l) => ({ storeCode: codeOf.get(Number(l.store_id))!, label: l.label }))
          .sort((x, y) => x.storeCode.localeCompare(y.storeCode)),
        productCount: used.get(Number(o.id)) ?? 0,
      })),
    };
  }

  /** The attribute's row, locked until commit on PostgreSQL: its writers take turns. */
  async function lockedAttribute(trx: Kysely<Database>, code: string) {
    const row = await lockedForWrite(
      trx as unknown as UntypedDb,
      trx.selectFrom('attribute').selectAll().where('code', '=', code),
    ).executeTakeFirst();
    if (!row) throw noSuchEntityError(`There is no attribute "${code.slice(0, 60)}".`);
    return row;
  }

  async function writeStoreLabels(trx: Kysely<Database>, code: string, labels: Map<number, string>): Promise<void> {
    await trx.deleteFrom('attribute_store').where('attribute_code', '=', code).execute();
    if (labels.size > 0)
      await trx
        .insertInto('attribute_store')
        .values([...labels].map(([store_id, label]) => ({ attribute_code: code, store_id, label })))
        .execute();
  }

  /** Products with a value of `code` (or of those options), read before the values go. */
  async function productsWith(trx: Kysely<Database>, code: string, optionIds?: readonly number[]): Promise<number[]> {
    if (optionIds?.length === 0) return [];
    const rows = await trx
      .selectFrom('product_attribute_value')
      .select('product_id')
      .distinct()
      .where('attribute_code', '=', code)
      .$if(optionIds !== undefined, (q) => q.where('option_id', 'in', optionIds!))
      .execute();
    return rows.map((r) => Number(r.product_id));
  }

  /** Re-indexes the products whose values changed; with none, only the version moves. */
  async function catalogFollows(uow: UnitOfWork, productIds: readonly number[]): Promise<void> {
    if (productIds.length > 0) await refreshProductsAfterEdit(uow, searchIndex, productIds);
    else uow.catalogChanged(NO_PRODUCT_CHANGED);
  }

  function validated(input: AttributeSaveInput, stores: Map<string, number>) {
    const label = attributeLabel('label', input.label, 'Attribute');
    const kind = attributeInput(input.input);
    if (input.filterable && !OPTION_INPUTS.has(kind))
      throw inputError(
        'filterable',
        `Only attributes with options (drop-down, multiple select, swatch, Yes/No) can filter a listing.`,
      );
    return {
      label,
      input: kind,
      is_filterable: input.filterable ? 1 : 0,
      is_searchable: input.searchable ? 1 : 0,
      is_visible_on_front: input.visibleOnFront ? 1 : 0,
      position: attributePosition(input.position),
      storeLabels: storeLabelRows('storeLabels', input.storeLabels, stores, label),
    };
  }

  return {
    list: () => records(db),
    get: (code: string) => detail(db, code),

    async create(rawCode: string, input: AttributeSaveInput, actor: Actor): Promise<AttributeDetail> {
      const code = attributeCode(rawCode);
      return inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = uow.db;
        const values = validated(input, await storeIds(trx));
        const id = await nextIdAboveRows(trx, 'attribute');
        const row = {
          id,
          code,
          label: values.label,
          input: values.input,
          is_filterable: values.is_filterable,
          is_searchable: values.is_searchable,
          is_visible_on_front: values.is_visible_on_front,
          position: values.position,
        };
        // ON CONFLICT: two people creating one code at once get one attribute and a clear refusal.
        const inserted = await trx
          .insertInto('attribute')
          .values(row)
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('code')
          .executeTakeFirst();
        if (!inserted)
          throw new DomainError('already-exists', `An attribute "${code}" exists already.`, { field: 'code' });
        await writeStoreLabels(trx, code, values.storeLabels);
        await recordAudit(
          trx,
          actor,
          {
            action: 'attribute.create',
            entityType: 'attribute',
            entityId: code,
            after: { ...row, storeLabels: [...values.storeLabels] },
          },
          uow.now,
        );
        uow.catalogChanged(NO_PRODUCT_CHANGED);
        return detail(trx, code);
      });
    },

    async update(code: string, input: AttributeSaveInput, actor: Actor): Promise<AttributeDetail> {
      return inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = uow.db;
        const before = await lockedAttribute(trx, code);
        const values = validated(input, await storeIds(trx));
        if (!inputChangeAllowed(before.input, values.input))
          throw inputError(
            'input',
            `${before.label} holds ${before.input} values: its input type cannot become ${values.input}.`,
          );
        const after = {
          label: values.label,
          input: values.input,
          is_filterable: values.is_filterable,
          is_searchable: values.is_searchable,
          is_visible_on_front: values.is_visible_on_front,
          position: values.position,
        };
        await trx.updateTable('attribute').set(after).where('code', '=', code).execute();
        await writeStoreLabels(trx, code, values.storeLabels);
        await recordAudit(
          trx,
          actor,
          {
            action: 'attribute.update',
            entityType: 'attribute',
            entityId: code,
            before,
            after: { ...after, storeLabels: [...values.storeLabels] },
          },
          uow.now,
        );
        // Searchable changes the words a search finds its products by: their documents are made again.
        const touched = before.is_searchable !== after.is_searchable ? await productsWith(trx, code) : [];
        await catalogFollows(uow, touched);
        return detail(trx, code);
      });
    },

    /**
     * The attribute's options become `options`, in that order: new ones are added, given ones
     * changed, missing ones removed. Removing options that products use needs `confirmRemoval`;
     * without it nothing changes and the message says how many products would lose them.
     */
    async setOptions(
      code: string,
      options: readonly AttributeOptionInput[],
      confirmRemoval: boolean,
      actor: Actor,
    ): Promise<AttributeDetail> {
      if (options.length > MAX_ATTRIBUTE_OPTIONS)
        throw inputError('options', `An attribute has at most ${MAX_ATTRIBUTE_OPTIONS} options.`);
      return inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = uow.db;
        const attribute = await lockedAttribute(trx, code);
        if (!OPTION_INPUTS.has(attribute.input))
          throw inputError('options', `${attribute.label} has no options: its values are ${attribute.input}.`);
        const stores = await storeIds(trx);
        const existing = await detail(trx, code);
        const known = new Map(existing.options.map((o) => [o.id, o]));
        const seenIds = new Set<number>();
        const seenLabels = new Set<string>();
        const wanted = options.map((option, index) => {
          const what = `Option ${index + 1}`;
          const label = attributeLabel(`options.${index}.label`, option.label, what);
          if (seenLabels.has(label.toLowerCase()))
            throw inputError(`options.${index}.label`, `"${label}" is given twice.`);
          seenLabels.add(label.toLowerCase());
          const id = option.id ?? null;
          if (id !== null) {
            if (!known.has(id))
              throw inputError(`options.${index}.id`, `${label}: option ${id} is not one of ${attribute.label}'s.`);
            if (seenIds.has(id)) throw inputError(`options.${index}.id`, `${label}: option ${id} is given twice.`);
            seenIds.add(id);
          }
          return {
            id,
            label,
            swatch:
              attribute.input === 'swatch_color' ? swatchColour(`options.${index}.swatch`, option.swatch, label) : null,
            position: index + 1,
            storeLabels: storeLabelRows(`options.${index}.storeLabels`, option.storeLabels, stores, label),
          };
        });
        const removed = existing.options.filter((o) => !seenIds.has(o.id));
        const usedRemoved = removed.filter((o) => o.productCount > 0);
        if (usedRemoved.length > 0 && !confirmRemoval)
          throw inputError(
            'confirmRemoval',
            `${usedRemoved.map((o) => `${o.label} is used by ${plural(o.productCount, 'product', 'products')}`).join('; ')}. ` +
              'Confirm to take it from those products.',
          );
        const removedIds = removed.map((o) => o.id);
        const touched = await productsWith(trx, code, removedIds);
        if (removedIds.length > 0) {
          await trx.deleteFrom('product_attribute_value').where('option_id', 'in', removedIds).execute();
          await trx.deleteFrom('attribute_option_store').where('option_id', 'in', removedIds).execute();
          await trx.deleteFrom('attribute_option').where('id', 'in', removedIds).execute();
        }
        for (const option of wanted) {
          let id = option.id;
          if (id === null) {
            id = await nextIdAboveRows(trx, 'attribute_option');
            await trx
              .insertInto('attribute_option')
              .values({
                id,
                attribute_code: code,
                label: option.label,
                swatch_value: option.swatch,
                position: option.position,
              })
              .execute();
          } else {
            await trx
              .updateTable('attribute_option')
              .set({ label: option.label, swatch_value: option.swatch, position: option.position })
              .where('id', '=', id)
              .execute();
            await trx.deleteFrom('attribute_option_store').where('option_id', '=', id).execute();
          }
          const optionId = id;
          if (option.storeLabels.size > 0)
            await trx
              .insertInto('attribute_option_store')
              .values([...option.storeLabels].map(([store_id, label]) => ({ option_id: optionId, store_id, label })))
              .execute();
        }
        const after = await detail(trx, code);
        await recordAudit(
          trx,
          actor,
          {
            action: 'attribute.options',
            entityType: 'attribute',
            entityId: code,
            before: existing.options,
            after: { options: after.options, removedFromProducts: touched.length },
          },
          uow.now,
        );
        // Labels and order change no product row; a removed option changes its products' values.
        await catalogFollows(uow, touched);
        return after;
      });
    },

    /** Deletes an attribute with its options and every product's values of it (confirmed when there are any). */
    async remove(code: string, confirmRemoval: boolean, actor: Actor): Promise<void> {
      await inWriteTransaction(db, { actor, clock }, async (uow) => {
        const trx = uow.db;
        const before = await lockedAttribute(trx, code);
        const [record] = await records(trx, code);
        if (record && record.configurableCount > 0)
          throw inputError(
            'code',
            `${before.label}: ${plural(record.configurableCount, 'configurable product is', 'configurable products are')} chosen by it; change those first.`,
          );
        const touched = await productsWith(trx, code);
        if (touched.length > 0 && !confirmRemoval)
          throw inputError(
            'confirmRemoval',
            `${before.label} has values on ${plural(touched.length, 'product', 'products')}; confirm to delete them with it.`,
          );
        const optionIds = (
          await trx.selectFrom('attribute_option').select('id').where('attribute_code', '=', code).execute()
        ).map((o) => Number(o.id));
        await trx.deleteFrom('product_attribute_value').where('attribute_code', '=', code).execute();
        if (optionIds.length > 0)
          await trx.deleteFrom('attribute_option_store').where('option_id', 'in', optionIds).execute();
        await trx.deleteFrom('attribute_option').where('attribute_code', '=', code).execute();
        await trx.deleteFrom('attribute_store').where('attribute_code', '=', code).execute();
        await trx.deleteFrom('attribute').where('code', '=', code).execute();
        await recordAudit(
          trx,
          actor,
          {
            action: 'attribute.delete',
            entityType: 'attribute',
            entityId: code,
            before: { ...before, products: touched.length },
          },
          uow.now,
        );
        await catalogFollows(uow, touched);
      });
    },
  };
}

export type AttributeAdminService = ReturnType<typeof createAttributeAdminService>;
