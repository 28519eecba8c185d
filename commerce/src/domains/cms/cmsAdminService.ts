import { sql, type Kysely } from 'kysely';
import type { CmsBlockTable, CmsPageTable, Database } from '../../db/tables';
import { DomainError, isDomainError } from '../../kernel/domainError';
import type { Clock } from '../../kernel/clock';
import { multiLineText, singleLineText, MAX_TEXT } from '../../kernel/inputRules';
import { DEFAULT_STORE_ID } from '../../kernel/storeScope';
import { inWriteTransaction, NO_PRODUCT_CHANGED, type UnitOfWork } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { dropAddresses, movePageAddress } from '../routing';
import { inputError, noSuchEntityError } from '../errors';
import { sanitiseHtml, type SanitisedHtml } from '../../kernel/safeHtml';

// CMS pages and blocks as the back office reads and changes them: lists with a search, one page
// or block, create, edit (enable and disable too) and delete. The content is stored as the
// sanitiser returns it (kernel/safeHtml.ts), which is also what the storefront answers and what the
// preview shows. A page's address is its identifier (a url_rewrite row in the default store);
// it must be free: not a storefront route, a store view's prefix, or another page's, product's
// or category's address. The pages the store settings name as the home page and the "no route"
// (404) page cannot be deleted, disabled or renamed: the shop would lose them. Each write is one
// transaction with its audit entry and the catalog version bump, so cached storefront answers
// (and the sitemap) go at once.

export const MAX_CMS_PAGE_SIZE = 100;
/** Magento's cms_page.identifier and cms_block.identifier: varchar(100). */
export const MAX_IDENTIFIER = 100;
const MAX_META = 1000;
/** Magento's content column is a mediumtext; a megabyte is plenty for a page. */
export const MAX_CONTENT = 1_000_000;

/** Paths the storefront serves itself (storefront/app/routes.ts) and the server's own. */
export const RESERVED_PATHS = new Set([
  'account',
  'admin',
  'api',
  'assets',
  'cart',
  'checkout',
  'contact',
  'customer',
  'graphql',
  'health',
  'media',
  'sales',
  'search',
  'static',
  'wishlist',
]);

export type CmsField =
  'identifier' | 'title' | 'contentHeading' | 'content' | 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'active';

/** A refused value: the message names the problem; `field` tells a form where to show it. */
export function cmsFieldError(field: CmsField, message: string): DomainError {
  return new DomainError('input', message, { field });
}

export interface CmsPageChanges {
  identifier?: string | null;
  title?: string | null;
  contentHeading?: string | null;
  content?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  metaKeywords?: string | null;
  active?: boolean | null;
}

export interface CmsBlockChanges {
  identifier?: string | null;
  title?: string | null;
  content?: string | null;
  active?: boolean | null;
}

/** What the store settings make of a page. */
export type CmsPageRole = 'HOME' | 'NO_ROUTE' | null;

export interface AdminCmsPageRecord {
  row: CmsPageTable;
  role: CmsPageRole;
  /** The page's address on the storefront, e.g. /about-us; / for the home page. */
  storefrontPath: string | null;
}

const PAGE_IDENTIFIER = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const BLOCK_IDENTIFIER = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function assertPaging(page: number, pageSize: number): void {
  if (!Number.isInteger(page) || page < 1) throw inputError('"page" must be a whole number, 1 or more.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_CMS_PAGE_SIZE)
    throw inputError(`"pageSize" must be a whole number from 1 to ${MAX_CMS_PAGE_SIZE}.`);
}

/** The kernel's text rules, with the refusal tied to the form's field. */
function text<T>(field: CmsField, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isDomainError(error)) throw cmsFieldError(field, error.message);
    throw error;
  }
}

function required(field: CmsField, label: string, value: string | null | undefined, max = MAX_TEXT): string {
  const checked = text(field, () => singleLineText(label, value, max));
  if (checked === null) throw cmsFieldError(field, `${label}: This field is required.`);
  return checked;
}

function optional(field: CmsField, label: string, value: string | null | undefined, max: number): string | null {
  return text(field, () => singleLineText(label, value, max));
}

function identifierOf(kind: 'page' | 'block', raw: string | null | undefined): string {
  const value = required('identifier', 'URL key', raw, MAX_IDENTIFIER);
  const ok = kind === 'page' ? PAGE_IDENTIFIER.test(value) : BLOCK_IDENTIFIER.test(value);
  if (!ok)
    throw cmsFieldError(
      'identifier',
      kind === 'page'
        ? `URL key "${value.slice(0, 40)}": use lower-case letters, digits and single hyphens, with / between parts (about-us, help/returns).`
        : `Identifier "${value.slice(0, 40)}": use lower-case letters, digits, and single hyphens or underscores (footer-links).`,
    );
  return value;
}

/** The stored content: what the storefront will show of it. */
function contentOf(raw: string | null | undefined): string {
  const checked = text('content', () => multiLineText('Content', raw, MAX_CONTENT)) ?? '';
  return sanitiseHtml(checked).html;
}

/** The identifiers each store setting names (default and per store view). */
async function specialIdentifiers(db: Kysely<Database>): Promise<Map<string, Exclude<CmsPageRole, null>>> {
  const [shop, views] = await Promise.all([
    db
      .selectFrom('store_config')
      .select(['key', 'value'])
      .where('key', 'in', ['cms_home_page', 'cms_no_route'])
      .execute(),
    db
      .selectFrom('store_view_config')
      .select(['key', 'value'])
      .where('key', 'in', ['cms_home_page', 'cms_no_route'])
      .execute(),
  ]);
  const roles = new Map<string, Exclude<CmsPageRole, null>>();
  const stored = [...shop, ...views];
  // The routing's own defaults when the shop names none (routeService.ts, sitemapService.ts).
  if (!shop.some((r) => r.key === 'cms_home_page')) stored.push({ key: 'cms_home_page', value: 'home' });
  if (!shop.some((r) => r.key === 'cms_no_route')) stored.push({ key: 'cms_no_route', value: 'no-route' });
  for (const { key, value } of stored) roles.set(value, key === 'cms_home_page' ? 'HOME' : 'NO_ROUTE');
  return roles;
}

const ROLE_NAMES = { HOME: 'home page', NO_ROUTE: '"page not found" page' } as const;
const ROLE_SETTINGS = { HOME: 'web/default/cms_home_page', NO_ROUTE: 'web/default/cms_no_route' } as const;

/** The first path segments of the store views' own addresses (/fr/ → fr). */
async function storePrefixes(db: Kysely<Database>): Promise<Set<string>> {
  const [codes, links] = await Promise.all([
    db.selectFrom('store_view').select('code').execute(),
    db.selectFrom('store_view_config').select('value').where('key', 'in', ['base_link_url', 'base_url']).execute(),
  ]);
  const prefixes = new Set<string>(codes.map((c) => c.code.toLowerCase()));
  for (const { value } of links) {
    let path = value;
    try {
      path = new URL(value, 'http://shop.invalid').pathname;
    } catch {
      // Stored as a plain path.
    }
    const first = path.split('/').find(Boolean);
    if (first) prefixes.add(first.toLowerCase());
  }
  return prefixes;
}

/** A page's identifier is its address: refused when a route, a store, or another page has it. */
async function checkPageAddressFree(trx: Kysely<Database>, identifier: string, pageId: number | null): Promise<void> {
  const first = identifier.split('/')[0]!;
  if (RESERVED_PATHS.has(first))
    throw cmsFieldError(
      'identifier',
      `URL key "${identifier}": /${first} is the storefront's own page; choose another.`,
    );
  if ((await storePrefixes(trx)).has(first))
    throw cmsFieldError('identifier', `URL key "${identifier}": /${first}/ is a store view's address; choose another.`);
  const page = await trx
    .selectFrom('cms_page')
    .select(['id', 'title'])
    .where('identifier', '=', identifier)
    .where('id', '!=', pageId ?? -1)
    .executeTakeFirst();
  if (page) throw cmsFieldError('identifier', `URL key "${identifier}" is taken: the page "${page.title}" has it.`);
  const rewrite = await trx
    .selectFrom('url_rewrite')
    .select(['entity_type', 'entity_id'])
    .where('request_path', '=', identifier)
    .where((eb) => eb.or([eb('entity_type', '!=', 'CMS_PAGE'), eb('entity_id', '!=', pageId ?? -1)]))
    .executeTakeFirst();
  if (rewrite)
    throw cmsFieldError(
      'identifier',
      `URL key "${identifier}": the address /${identifier} belongs to another page (${rewrite.entity_type.toLowerCase().replace('_', ' ')} ${rewrite.entity_id}).`,
    );
}

async function nextIdOf(trx: Kysely<Database>, table: 'cms_page' | 'cms_block' | 'url_rewrite'): Promise<number> {
  // max + 1, as the catalog writer does: on PostgreSQL two concurrent inserts collide on the
  // primary key and the write transaction runs again (kernel/transaction.ts).
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

const PAGE_AUDITED: Array<[keyof CmsPageTable, string]> = [
  ['identifier', 'identifier'],
  ['title', 'title'],
  ['content_heading', 'contentHeading'],
  ['content', 'content'],
  ['meta_title', 'metaTitle'],
  ['meta_description', 'metaDescription'],
  ['meta_keywords', 'metaKeywords'],
  ['is_active', 'active'],
];
const BLOCK_AUDITED: Array<[keyof CmsBlockTable, string]> = [
  ['identifier', 'identifier'],
  ['title', 'title'],
  ['content', 'content'],
  ['is_active', 'active'],
];

/** Before and after of the fields that differ, in the form's terms. */
function difference<T extends object>(
  audited: Array<[keyof T, string]>,
  before: T | null,
  after: T | null,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const shown = (key: keyof T, value: unknown) => (key === 'is_active' ? Number(value) === 1 : value);
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [key, label] of audited) {
    const a = before?.[key];
    const b = after?.[key];
    if (before && after && a === b) continue;
    if (before) out.before[label] = shown(key, a);
    if (after) out.after[label] = shown(key, b);
  }
  return out;
}

export function createCmsAdminService(db: Kysely<Database>, clock: Clock) {
  async function list<T extends 'cms_page' | 'cms_block'>(
    table: T,
    search: string | null | undefined,
    page: number,
    pageSize: number,
  ) {
    assertPaging(page, pageSize);
    const textSearch = search?.trim().slice(0, 100) ?? '';
    let query = db.selectFrom(table as 'cms_page');
    if (textSearch) {
      const pattern = likePattern(textSearch.toLowerCase());
      // ESCAPE spelled out: SQLite's LIKE has no escape character unless one is named.
      query = query.where(
        sql<boolean>`(lower(identifier) like ${pattern} escape '\\' or lower(title) like ${pattern} escape '\\')`,
      );
    }
    const [rows, total] = await Promise.all([
      query
        .select(['id', 'identifier', 'title', 'is_active'])
        .orderBy('identifier')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows, totalCount: Number(total.n) };
  }

  async function loadPage(id: number): Promise<AdminCmsPageRecord | null> {
    const row = await db.selectFrom('cms_page').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [roles, rewrite] = await Promise.all([
      specialIdentifiers(db),
      db
        .selectFrom('url_rewrite')
        .select('request_path')
        .where('entity_type', '=', 'CMS_PAGE')
        .where('entity_id', '=', id)
        .where('store_id', '=', DEFAULT_STORE_ID)
        .where('redirect_type', '=', 0)
        .executeTakeFirst(),
    ]);
    const role = roles.get(row.identifier) ?? null;
    return {
      row,
      role,
      storefrontPath: role === 'HOME' ? '/' : rewrite ? `/${rewrite.request_path}` : null,
    };
  }

  const loadBlock = async (id: number): Promise<CmsBlockTable | null> =>
    (await db.selectFrom('cms_block').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;

  /** The page's fields after `changes`, every value checked. */
  function pageFields(start: CmsPageTable, changes: CmsPageChanges): CmsPageTable {
    const f = { ...start };
    if (changes.identifier !== undefined) f.identifier = identifierOf('page', changes.identifier);
    if (changes.title !== undefined) f.title = required('title', 'Title', changes.title);
    if (changes.contentHeading !== undefined)
      f.content_heading = optional('contentHeading', 'Content heading', changes.contentHeading, MAX_TEXT);
    if (changes.content !== undefined) f.content = contentOf(changes.content);
    if (changes.metaTitle !== undefined)
      f.meta_title = optional('metaTitle', 'Meta title', changes.metaTitle, MAX_TEXT);
    if (changes.metaDescription !== undefined)
      f.meta_description = optional('metaDescription', 'Meta description', changes.metaDescription, MAX_META);
    if (changes.metaKeywords !== undefined)
      f.meta_keywords = optional('metaKeywords', 'Meta keywords', changes.metaKeywords, MAX_META);
    if (changes.active != null) f.is_active = changes.active ? 1 : 0;
    return f;
  }

  function blockFields(start: CmsBlockTable, changes: CmsBlockChanges): CmsBlockTable {
    const f = { ...start };
    if (changes.identifier !== undefined) f.identifier = identifierOf('block', changes.identifier);
    if (changes.title !== undefined) f.title = required('title', 'Title', changes.title);
    if (changes.content !== undefined) f.content = contentOf(changes.content);
    if (changes.active != null) f.is_active = changes.active ? 1 : 0;
    return f;
  }

  async function checkBlockIdentifierFree(trx: Kysely<Database>, identifier: string, blockId: number | null) {
    const block = await trx
      .selectFrom('cms_block')
      .select('title')
      .where('identifier', '=', identifier)
      .where('id', '!=', blockId ?? -1)
      .executeTakeFirst();
    if (block)
      throw cmsFieldError('identifier', `Identifier "${identifier}" is taken: the block "${block.title}" has it.`);
  }

  async function audit(
    uow: UnitOfWork,
    actor: Actor,
    action: string,
    entityType: 'cms_page' | 'cms_block',
    entityId: number,
    change: { before: Record<string, unknown>; after: Record<string, unknown> },
    kind: { before: boolean; after: boolean },
  ) {
    await recordAudit(
      uow.db,
      actor,
      {
        action,
        entityType,
        entityId,
        before: kind.before ? change.before : undefined,
        after: kind.after ? change.after : undefined,
      },
      clock(),
    );
    // Cached storefront answers (cmsPage, cmsBlocks, route) and the sitemap go at once.
    // Pages and blocks: no product row, word or listing changes.
    uow.catalogChanged(NO_PRODUCT_CHANGED);
  }

  async function createPage(input: CmsPageChanges, actor: Actor): Promise<number> {
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const blank: CmsPageTable = {
        id: 0,
        identifier: '',
        title: '',
        content_heading: null,
        content: '',
        meta_title: null,
        meta_description: null,
        meta_keywords: null,
        page_layout: '1column',
        is_active: 1,
      };
      const fields = pageFields(blank, { ...input, identifier: input.identifier ?? null, title: input.title ?? null });
      await checkPageAddressFree(trx, fields.identifier, null);
      const id = await nextIdOf(trx, 'cms_page');
      const row = { ...fields, id };
      await trx.insertInto('cms_page').values(row).execute();
      await movePageAddress(trx, id, fields.identifier, fields.identifier);
      await audit(uow, actor, 'cms_page.create', 'cms_page', id, difference(PAGE_AUDITED, null, row), {
        before: false,
        after: true,
      });
      return id;
    });
  }

  async function updatePage(id: number, changes: CmsPageChanges, actor: Actor): Promise<void> {
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('cms_page').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no CMS page ${id}.`);
      const after = pageFields(before, changes);
      const role = (await specialIdentifiers(trx)).get(before.identifier);
      if (role && after.identifier !== before.identifier)
        throw cmsFieldError(
          'identifier',
          `This is the shop's ${ROLE_NAMES[role]} (store setting ${ROLE_SETTINGS[role]}): its URL key cannot change.`,
        );
      if (role && after.is_active !== 1)
        throw cmsFieldError(
          'active',
          `This is the shop's ${ROLE_NAMES[role]} (store setting ${ROLE_SETTINGS[role]}): it cannot be disabled.`,
        );
      const change = difference(PAGE_AUDITED, before, after);
      if (Object.keys(change.after).length === 0) return;
      if (after.identifier !== before.identifier) {
        await checkPageAddressFree(trx, after.identifier, id);
        await movePageAddress(trx, id, before.identifier, after.identifier);
      }
      const { id: _id, ...values } = after;
      await trx.updateTable('cms_page').set(values).where('id', '=', id).execute();
      const action =
        Object.keys(change.after).length === 1 && 'active' in change.after
          ? after.is_active
            ? 'cms_page.enable'
            : 'cms_page.disable'
          : 'cms_page.update';
      await audit(uow, actor, action, 'cms_page', id, change, { before: true, after: true });
    });
  }

  async function deletePage(id: number, actor: Actor): Promise<void> {
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('cms_page').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no CMS page ${id}.`);
      const role = (await specialIdentifiers(trx)).get(before.identifier);
      if (role)
        throw inputError(
          `"${before.title}" is the shop's ${ROLE_NAMES[role]} (store setting ${ROLE_SETTINGS[role]}): it cannot be deleted.`,
        );
      await trx.deleteFrom('cms_page_store').where('page_id', '=', id).execute();
      await dropAddresses(trx, 'CMS_PAGE', id);
      await trx.deleteFrom('cms_page').where('id', '=', id).execute();
      await audit(uow, actor, 'cms_page.delete', 'cms_page', id, difference(PAGE_AUDITED, before, null), {
        before: true,
        after: false,
      });
    });
  }

  async function createBlock(input: CmsBlockChanges, actor: Actor): Promise<number> {
    return inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const blank: CmsBlockTable = { id: 0, identifier: '', title: '', content: '', is_active: 1 };
      const fields = blockFields(blank, { ...input, identifier: input.identifier ?? null, title: input.title ?? null });
      await checkBlockIdentifierFree(trx, fields.identifier, null);
      const id = await nextIdOf(trx, 'cms_block');
      const row = { ...fields, id };
      await trx.insertInto('cms_block').values(row).execute();
      await audit(uow, actor, 'cms_block.create', 'cms_block', id, difference(BLOCK_AUDITED, null, row), {
        before: false,
        after: true,
      });
      return id;
    });
  }

  async function updateBlock(id: number, changes: CmsBlockChanges, actor: Actor): Promise<void> {
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('cms_block').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no CMS block ${id}.`);
      const after = blockFields(before, changes);
      const change = difference(BLOCK_AUDITED, before, after);
      if (Object.keys(change.after).length === 0) return;
      if (after.identifier !== before.identifier) await checkBlockIdentifierFree(trx, after.identifier, id);
      const { id: _id, ...values } = after;
      await trx.updateTable('cms_block').set(values).where('id', '=', id).execute();
      const action =
        Object.keys(change.after).length === 1 && 'active' in change.after
          ? after.is_active
            ? 'cms_block.enable'
            : 'cms_block.disable'
          : 'cms_block.update';
      await audit(uow, actor, action, 'cms_block', id, change, { before: true, after: true });
    });
  }

  async function deleteBlock(id: number, actor: Actor): Promise<void> {
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('cms_block').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no CMS block ${id}.`);
      await trx.deleteFrom('cms_block_store').where('block_id', '=', id).execute();
      await trx.deleteFrom('cms_block').where('id', '=', id).execute();
      await audit(uow, actor, 'cms_block.delete', 'cms_block', id, difference(BLOCK_AUDITED, before, null), {
        before: true,
        after: false,
      });
    });
  }

  /** What the storefront would show of `html`: the same sanitiser as saving, nothing written. */
  function preview(html: string): SanitisedHtml {
    const checked = text('content', () => multiLineText('Content', html, MAX_CONTENT)) ?? '';
    return sanitiseHtml(checked);
  }

  return {
    async listPages(search: string | null | undefined, page: number, pageSize: number) {
      const [result, roles] = await Promise.all([list('cms_page', search, page, pageSize), specialIdentifiers(db)]);
      return { ...result, items: result.items.map((row) => ({ ...row, role: roles.get(row.identifier) ?? null })) };
    },
    listBlocks: (search: string | null | undefined, page: number, pageSize: number) =>
      list('cms_block', search, page, pageSize),
    loadPage,
    loadBlock,
    createPage,
    updatePage,
    deletePage,
    createBlock,
    updateBlock,
    deleteBlock,
    preview,
  };
}

export type CmsAdminService = ReturnType<typeof createCmsAdminService>;
