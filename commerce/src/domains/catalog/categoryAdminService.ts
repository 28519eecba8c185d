import type { Kysely } from 'kysely';
import type { CategoryStoreTable, CategoryTable, Database } from '../../db/tables';
import { lockedForWrite } from '../../db/rowLocks';
import type { SearchIndex } from '../../db/searchIndex';
import { DomainError, isDomainError } from '../../kernel/domainError';
import type { Clock } from '../../kernel/clock';
import { MAX_TEXT, multiLineText, singleLineText } from '../../kernel/inputRules';
import { sanitiseHtml } from '../../kernel/safeHtml';
import { slugify } from '../../kernel/slug';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';
import { dropAddresses } from '../routing';
import {
  addressOwner,
  CATEGORY_URL_SUFFIX,
  FIRST_ADDRESSED_LEVEL,
  placeStoreAddresses,
  placeSubtree,
  setCategoryAddress,
  type Placement,
} from './categoryAddresses';

// The category tree as the back office edits it: create, edit, reorder among siblings, move under
// another parent, delete an empty one. Every write is one transaction that locks the tree's rows,
// keeps each parent's positions 1..n, rewrites the paths, levels and addresses of a moved subtree,
// records its audit entry and rebuilds the listing index (which bumps the catalog version, so the
// menu, category pages, route(url:) answers and the sitemap are fresh at once).

export type CategoryField =
  'parentId' | 'name' | 'urlKey' | 'description' | 'metaTitle' | 'metaDescription' | 'includeInMenu' | 'active';

/** A refused value: the message names the field; `field` tells a form where to show it. */
export function categoryFieldError(field: CategoryField, message: string): DomainError {
  return new DomainError('input', message, { field });
}

const MAX_URL_KEY = 255;
const MAX_META = 1000;
const MAX_HTML = 1_000_000;
const URL_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Omitted (undefined): unchanged. null clears the texts that may be empty. */
export interface CategoryChanges {
  name?: string | null;
  urlKey?: string | null;
  description?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  includeInMenu?: boolean | null;
  active?: boolean | null;
}

export interface NewCategory extends CategoryChanges {
  parentId: string;
  name: string;
}

export type MoveDirection = 'UP' | 'DOWN';

export interface AdminCategoryRecord {
  row: CategoryTable;
  /** Products put in this category itself (its subcategories' not counted). */
  productCount: number;
  childCount: number;
  /** Names from the first category below the catalog's root down to this one. */
  names: string[];
}

function text<T>(field: CategoryField, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isDomainError(error)) throw categoryFieldError(field, error.message);
    throw error;
  }
}

function requiredName(value: string | null | undefined): string {
  const name = text('name', () => singleLineText('Name', value, MAX_TEXT));
  if (name === null) throw categoryFieldError('name', 'Name: This field is required.');
  return name;
}

export function checkUrlKey(raw: string | null | undefined): string {
  const key = (raw ?? '').trim().toLowerCase();
  if (key === '') throw categoryFieldError('urlKey', 'URL key: This field is required.');
  if (key.length > MAX_URL_KEY) throw categoryFieldError('urlKey', `URL key: at most ${MAX_URL_KEY} characters.`);
  if (!URL_KEY.test(key))
    throw categoryFieldError(
      'urlKey',
      `URL key "${raw!.trim().slice(0, 60)}": use lower-case letters, digits and single hyphens between them (such as "summer-dresses").`,
    );
  return key;
}

function categoryId(raw: string | number, field: CategoryField | null = null): number {
  const id = Number(raw);
  if (Number.isInteger(id) && id > 0) return id;
  const message = `"${String(raw).slice(0, 20)}" is not a category id.`;
  throw field ? categoryFieldError(field, message) : noSuchEntityError(message);
}

/** Siblings in their order: by position, then id (the order the storefront shows). */
function siblingsOf(all: readonly CategoryTable[], parentId: number): CategoryTable[] {
  return all.filter((c) => c.parent_id === parentId).sort((a, b) => a.position - b.position || a.id - b.id);
}

function isWithin(category: Pick<CategoryTable, 'path'>, ancestor: Pick<CategoryTable, 'path'>): boolean {
  return category.path === ancestor.path || category.path.startsWith(`${ancestor.path}/`);
}

/** What the audit log keeps of a category: the fields the form edits and where it sits. */
function audited(row: CategoryTable) {
  return {
    name: row.name,
    urlKey: row.url_key,
    urlPath: row.url_path,
    description: row.description,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    includeInMenu: row.include_in_menu === 1,
    active: row.is_active === 1,
    parentId: row.parent_id,
    position: row.position,
  };
}

function difference(before: CategoryTable, after: CategoryTable) {
  const a = audited(before);
  const b = audited(after);
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(a) as (keyof typeof a)[]) {
    if (a[key] === b[key]) continue;
    out.before[key] = a[key];
    out.after[key] = b[key];
  }
  return out;
}

const normalise = (row: CategoryTable): CategoryTable => ({
  ...row,
  id: Number(row.id),
  parent_id: row.parent_id === null ? null : Number(row.parent_id),
  level: Number(row.level),
  position: Number(row.position),
  include_in_menu: Number(row.include_in_menu),
  is_active: Number(row.is_active),
});

/**
 * `refreshSearchAndListings` rebuilds the search and listing indexes inside the caller's transaction
 * (catalogTransfer's, handed in by domains/context.ts: the importer depends on the catalog, not the
 * other way round).
 */
export function createCategoryAdminService(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  clock: Clock,
  refreshSearchAndListings: (
    uow: UnitOfWork,
    searchIndex: SearchIndex,
    productIds?: readonly number[],
  ) => Promise<void>,
) {
  /** Every category, read inside a write with the rows locked (PostgreSQL) in id order. */
  async function lockTree(trx: Kysely<Database>): Promise<CategoryTable[]> {
    // The whole tree, not only the parents: whether a move makes a cycle, and whether an address
    // is free, depend on rows anywhere in it. Locking in id order lets two writers never deadlock.
    const rows = await lockedForWrite(trx, trx.selectFrom('category').selectAll().orderBy('id')).execute();
    return rows.map(normalise);
  }

  async function readTree(reader: Kysely<Database>): Promise<CategoryTable[]> {
    const rows = await reader.selectFrom('category').selectAll().orderBy('id').execute();
    return rows.map(normalise);
  }

  function find(all: readonly CategoryTable[], id: number): CategoryTable {
    const category = all.find((c) => c.id === id);
    if (!category) throw noSuchEntityError(`There is no category ${id}.`);
    return category;
  }

  /** A parent a category may go under: an existing one at the store's root or below. */
  function parentFor(all: readonly CategoryTable[], raw: string | number): CategoryTable {
    const id = categoryId(raw, 'parentId');
    const parent = all.find((c) => c.id === id);
    if (!parent) throw categoryFieldError('parentId', `There is no category ${id} to put it under.`);
    if (parent.level < 1)
      throw categoryFieldError('parentId', `"${parent.name}" is the catalog's root: choose a category below it.`);
    return parent;
  }

  /** Positions 1..n in the given order; only rows whose position changes are written. */
  async function renumber(trx: Kysely<Database>, ordered: readonly CategoryTable[]): Promise<void> {
    for (const [index, sibling] of ordered.entries()) {
      if (sibling.position === index + 1) continue;
      await trx
        .updateTable('category')
        .set({ position: index + 1 })
        .where('id', '=', sibling.id)
        .execute();
    }
  }

  /** Refuses when an address the subtree would take is another page's (any store view). */
  async function checkAddresses(
    trx: Kysely<Database>,
    placed: readonly Placement[],
    storePaths: ReturnType<typeof placeStoreAddresses>,
    focus: CategoryTable,
    /** How a refusal starts: the move it refuses; a new URL key's refusal names the key. */
    refused: string | null = null,
  ): Promise<void> {
    const wanted = [
      ...placed.map((p) => ({ storeId: DEFAULT_STORE_ID, categoryId: p.id, url_path: p.url_path })),
      ...storePaths,
    ];
    for (const address of wanted) {
      const owner = await addressOwner(trx, address.storeId, address.url_path, address.categoryId);
      if (!owner) continue;
      const whose = address.categoryId === focus.id ? '' : ` (the address of its subcategory ${address.categoryId})`;
      const where = `the address ${address.url_path}${CATEGORY_URL_SUFFIX}${whose} belongs to another page: ${owner}.`;
      throw refused
        ? categoryFieldError('parentId', `${refused}: ${where}`)
        : categoryFieldError('urlKey', `URL key "${placed[0]!.url_key}": ${where}`);
    }
  }

  /** Writes a subtree's new place and addresses (default store and store views). */
  async function writePlacement(
    trx: Kysely<Database>,
    all: readonly CategoryTable[],
    placed: readonly Placement[],
    storePaths: ReturnType<typeof placeStoreAddresses>,
  ): Promise<void> {
    const byId = new Map(all.map((c) => [c.id, c]));
    for (const p of placed) {
      const current = byId.get(p.id);
      if (
        current &&
        current.parent_id === p.parent_id &&
        current.path === p.path &&
        current.level === p.level &&
        current.url_key === p.url_key &&
        current.url_path === p.url_path
      )
        continue;
      await trx
        .updateTable('category')
        .set({ parent_id: p.parent_id, path: p.path, level: p.level, url_key: p.url_key, url_path: p.url_path })
        .where('id', '=', p.id)
        .execute();
      if (p.level >= FIRST_ADDRESSED_LEVEL) await setCategoryAddress(trx, DEFAULT_STORE_ID, p.id, p.url_path);
    }
    for (const s of storePaths) {
      await trx
        .updateTable('category_store')
        .set({ url_path: s.url_path })
        .where('category_id', '=', s.categoryId)
        .where('store_id', '=', s.storeId)
        .execute();
      await setCategoryAddress(trx, s.storeId, s.categoryId, s.url_path);
    }
  }

  async function storeRows(trx: Kysely<Database>): Promise<CategoryStoreTable[]> {
    const rows = await trx.selectFrom('category_store').selectAll().where('url_path', 'is not', null).execute();
    return rows.map((r) => ({ ...r, category_id: Number(r.category_id), store_id: Number(r.store_id) }));
  }

  async function audit(
    trx: Kysely<Database>,
    actor: Actor,
    action: string,
    id: number,
    before?: object,
    after?: object,
  ) {
    await recordAudit(trx, actor, { action, entityType: 'category', entityId: id, before, after }, clock());
  }

  /**
   * The catalog version, and when a category's place, name or state changed (`subtree`), the
   * search documents and listing rows of the products it and its subcategories hold: anchor
   * categories follow the tree, and category names are words of their products' documents.
   * No other product's rows change (issue 33).
   */
  async function refresh(uow: UnitOfWork, subtree: CategoryTable | null): Promise<void> {
    if (!subtree) {
      uow.catalogChanged();
      return;
    }
    const rows = await uow.db
      .selectFrom('category_product as l')
      .innerJoin('category as c', 'c.id', 'l.category_id')
      .select('l.product_id')
      .distinct()
      .where((eb) => eb.or([eb('c.id', '=', subtree.id), eb('c.path', 'like', `${subtree.path}/%`)]))
      .execute();
    await refreshSearchAndListings(
      uow,
      searchIndex,
      rows.map((row) => Number(row.product_id)),
    );
  }

  async function counts(reader: Kysely<Database>, ids: number[] | null) {
    let query = reader
      .selectFrom('category_product')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('category_id');
    if (ids) query = query.where('category_id', 'in', ids.length > 0 ? ids : [-1]);
    const rows = await query.execute();
    return new Map(rows.map((r) => [Number(r.category_id), Number(r.n)]));
  }

  function recordOf(all: readonly CategoryTable[], products: Map<number, number>, row: CategoryTable) {
    const byId = new Map(all.map((c) => [c.id, c]));
    const names = row.path
      .split('/')
      .map((id) => byId.get(Number(id)))
      .filter((c): c is CategoryTable => c !== undefined && c.level >= 1)
      .map((c) => c.name);
    return {
      row,
      productCount: products.get(row.id) ?? 0,
      childCount: all.filter((c) => c.parent_id === row.id).length,
      names,
    };
  }

  /** Every category from the store roots down, depth first, siblings in their order. */
  async function tree(): Promise<AdminCategoryRecord[]> {
    const [all, products] = await Promise.all([readTree(db), counts(db, null)]);
    const out: AdminCategoryRecord[] = [];
    const visit = (row: CategoryTable) => {
      out.push(recordOf(all, products, row));
      for (const child of siblingsOf(all, row.id)) visit(child);
    };
    const roots = all.filter((c) => c.level === 1).sort((a, b) => a.position - b.position || a.id - b.id);
    for (const root of roots) visit(root);
    return out;
  }

  async function load(id: number, reader: Kysely<Database> = db): Promise<AdminCategoryRecord | null> {
    const all = await readTree(reader);
    const row = all.find((c) => c.id === id);
    if (!row || row.level < 1) return null;
    return recordOf(all, await counts(reader, [id]), row);
  }

  async function loadAfterWrite(id: number): Promise<AdminCategoryRecord> {
    const record = await load(id);
    if (!record) throw new Error(`category ${id} vanished after its write`);
    return record;
  }

  /** The texts and switches of `changes` over `row`, each checked. */
  function applyChanges(row: CategoryTable, changes: CategoryChanges): CategoryTable {
    const next = { ...row };
    if (changes.name !== undefined) next.name = requiredName(changes.name);
    if (changes.urlKey !== undefined) next.url_key = checkUrlKey(changes.urlKey);
    if (changes.description !== undefined) {
      // HTML the storefront renders in its page: stored as the sanitiser returns it.
      const description = text('description', () => multiLineText('Description', changes.description, MAX_HTML));
      next.description = description === null ? null : sanitiseHtml(description).html;
    }
    if (changes.metaTitle !== undefined)
      next.meta_title = text('metaTitle', () => singleLineText('Meta title', changes.metaTitle, MAX_META));
    if (changes.metaDescription !== undefined)
      next.meta_description = text('metaDescription', () =>
        singleLineText('Meta description', changes.metaDescription, MAX_META),
      );
    if (changes.includeInMenu != null) next.include_in_menu = changes.includeInMenu ? 1 : 0;
    if (changes.active != null) next.is_active = changes.active ? 1 : 0;
    if (row.level < FIRST_ADDRESSED_LEVEL) {
      if (next.url_key !== row.url_key)
        throw categoryFieldError('urlKey', `"${row.name}" is a root category: it has no address to change.`);
      if (next.is_active !== row.is_active)
        throw categoryFieldError('active', `"${row.name}" is a root category: the whole catalog hangs on it.`);
    }
    return next;
  }

  async function create(input: NewCategory, actor: Actor): Promise<AdminCategoryRecord> {
    const name = requiredName(input.name);
    const id = await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const all = await lockTree(trx);
      const parent = parentFor(all, input.parentId);
      const slug = input.urlKey != null && input.urlKey.trim() !== '' ? input.urlKey : slugify(name);
      if (slug === '')
        throw categoryFieldError('urlKey', 'URL key: the name has no letters or digits to make one from; enter one.');
      const newId = Math.max(0, ...all.map((c) => c.id)) + 1;
      const siblings = siblingsOf(all, parent.id);
      const blank: CategoryTable = {
        id: newId,
        parent_id: parent.id,
        path: `${parent.path}/${newId}`,
        level: parent.level + 1,
        position: siblings.length + 1,
        name,
        // Set from the checked key and the parent just below.
        url_key: '',
        url_path: '',
        description: null,
        meta_title: name,
        meta_description: null,
        image: null,
        include_in_menu: 1,
        is_active: 1,
      };
      const row = applyChanges(blank, { ...input, urlKey: slug });
      // As the import does: a page title of its own name until someone writes one.
      if (row.meta_title === null) row.meta_title = row.name;
      const [placed] = placeSubtree([], row, parent, row.url_key);
      const created: CategoryTable = { ...row, ...placed! };
      await checkAddresses(trx, [placed!], [], created);
      await renumber(trx, siblings);
      await trx.insertInto('category').values(created).execute();
      if (created.level >= FIRST_ADDRESSED_LEVEL)
        await setCategoryAddress(trx, DEFAULT_STORE_ID, created.id, created.url_path);
      await audit(trx, actor, 'category.create', created.id, undefined, audited(created));
      // An empty category: no product's rows change, only the menu.
      await refresh(uow, null);
      return created.id;
    });
    return loadAfterWrite(id);
  }

  async function update(rawId: string, changes: CategoryChanges, actor: Actor): Promise<AdminCategoryRecord> {
    const id = categoryId(rawId);
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const all = await lockTree(trx);
      const before = find(all, id);
      if (before.level < 1) throw noSuchEntityError(`There is no category ${id}.`);
      const after = applyChanges(before, changes);
      const change = difference(before, after);
      if (Object.keys(change.after).length === 0) return;
      if (after.url_key !== before.url_key) {
        const parent = find(all, before.parent_id!);
        const placed = placeSubtree(all, before, parent, after.url_key);
        const storePaths = placeStoreAddresses(all, await storeRows(trx), placed);
        await checkAddresses(trx, placed, storePaths, before);
        await writePlacement(trx, all, placed, storePaths);
        after.url_path = placed[0]!.url_path;
        change.before.urlPath = before.url_path;
        change.after.urlPath = after.url_path;
      }
      await trx
        .updateTable('category')
        .set({
          name: after.name,
          description: after.description,
          meta_title: after.meta_title,
          meta_description: after.meta_description,
          include_in_menu: after.include_in_menu,
          is_active: after.is_active,
        })
        .where('id', '=', id)
        .execute();
      await audit(trx, actor, 'category.update', id, change.before, change.after);
      // Its name is a word of its products' documents; switched on or off, it lists them or not.
      await refresh(uow, after.name !== before.name || after.is_active !== before.is_active ? before : null);
    });
    return loadAfterWrite(id);
  }

  /**
   * Under `parent`, at `position` (1-based; last when null), inside the caller's transaction with
   * the tree locked: its subtree's paths, levels and addresses follow, both parents' positions stay 1..n.
   */
  async function place(
    uow: UnitOfWork,
    all: readonly CategoryTable[],
    category: CategoryTable,
    parent: CategoryTable,
    position: number | null | undefined,
    actor: Actor,
  ): Promise<void> {
    const trx = uow.db;
    if (category.level < FIRST_ADDRESSED_LEVEL)
      throw categoryFieldError('parentId', `"${category.name}" is a root category: it stays where it is.`);
    if (parent.id === category.id) throw categoryFieldError('parentId', `"${category.name}" cannot go under itself.`);
    if (isWithin(parent, category))
      throw categoryFieldError(
        'parentId',
        `"${category.name}" cannot go under "${parent.name}": that is one of its own subcategories.`,
      );
    const targets = siblingsOf(all, parent.id).filter((c) => c.id !== category.id);
    if (position != null && (!Number.isInteger(position) || position < 1 || position > targets.length + 1))
      throw categoryFieldError('parentId', `The position must be a whole number from 1 to ${targets.length + 1}.`);
    const at = (position ?? targets.length + 1) - 1;
    const sameParent = parent.id === category.parent_id;
    if (sameParent && siblingsOf(all, parent.id).findIndex((c) => c.id === category.id) === at) return;

    if (!sameParent) {
      const placed = placeSubtree(all, category, parent, category.url_key);
      const storePaths = placeStoreAddresses(all, await storeRows(trx), placed);
      await checkAddresses(trx, placed, storePaths, category, `"${category.name}" cannot go under "${parent.name}"`);
      await writePlacement(trx, all, placed, storePaths);
      await renumber(
        trx,
        siblingsOf(all, category.parent_id!).filter((c) => c.id !== category.id),
      );
    }
    const ordered = [...targets];
    // -1: always written, so a category that changes parent takes its new position.
    ordered.splice(at, 0, { ...category, position: sameParent ? category.position : -1 });
    await renumber(trx, ordered);
    const after = await trx.selectFrom('category').selectAll().where('id', '=', category.id).executeTakeFirstOrThrow();
    const change = difference(category, normalise(after));
    await audit(trx, actor, 'category.move', category.id, change.before, change.after);
    // Among the same siblings only the menu's order changes; under another parent, its products' paths.
    await refresh(uow, sameParent ? null : normalise(after));
  }

  /** Under another parent, at a position (last when null), with everything below it. */
  async function move(
    rawId: string,
    rawParentId: string,
    position: number | null | undefined,
    actor: Actor,
  ): Promise<AdminCategoryRecord> {
    const id = categoryId(rawId);
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const all = await lockTree(trx);
      await place(uow, all, find(all, id), parentFor(all, rawParentId), position, actor);
    });
    return loadAfterWrite(id);
  }

  /** One place up or down among its siblings, as they are under the lock. */
  async function reorder(rawId: string, direction: MoveDirection, actor: Actor): Promise<AdminCategoryRecord> {
    const id = categoryId(rawId);
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const all = await lockTree(trx);
      const category = find(all, id);
      if (category.parent_id === null || category.level < FIRST_ADDRESSED_LEVEL)
        throw categoryFieldError('parentId', `"${category.name}" is a root category: it stays where it is.`);
      const siblings = siblingsOf(all, category.parent_id);
      const target = siblings.findIndex((c) => c.id === id) + (direction === 'UP' ? 0 : 2);
      if (target < 1 || target > siblings.length)
        throw categoryFieldError(
          'parentId',
          `"${category.name}" is already the ${direction === 'UP' ? 'first' : 'last'} in its group.`,
        );
      await place(uow, all, category, find(all, category.parent_id), target, actor);
    });
    return loadAfterWrite(id);
  }

  /** Only an empty category goes: no subcategories and no products of its own, never a root. */
  async function remove(rawId: string, actor: Actor): Promise<void> {
    const id = categoryId(rawId);
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const all = await lockTree(trx);
      const category = find(all, id);
      if (category.level < FIRST_ADDRESSED_LEVEL)
        throw new DomainError('input', `"${category.name}" is a root category: it cannot be deleted.`);
      const children = siblingsOf(all, id);
      if (children.length > 0)
        throw new DomainError(
          'input',
          `"${category.name}" has ${children.length} subcategor${children.length === 1 ? 'y' : 'ies'}: move or delete ${children.length === 1 ? 'it' : 'them'} first.`,
        );
      const products = (await counts(trx, [id])).get(id) ?? 0;
      if (products > 0)
        throw new DomainError(
          'input',
          `"${category.name}" holds ${products} product${products === 1 ? '' : 's'}: take ${products === 1 ? 'it' : 'them'} out of the category first.`,
        );
      await dropAddresses(trx, 'CATEGORY', id);
      await trx.deleteFrom('category_store').where('category_id', '=', id).execute();
      await trx.deleteFrom('category').where('id', '=', id).execute();
      await renumber(
        trx,
        siblingsOf(all, category.parent_id!).filter((c) => c.id !== id),
      );
      await audit(trx, actor, 'category.delete', id, audited(category), undefined);
      // Only an empty category goes: no product was listed through it.
      await refresh(uow, null);
    });
  }

  return { tree, load, create, update, move, reorder, remove };
}

export type CategoryAdminService = ReturnType<typeof createCategoryAdminService>;
