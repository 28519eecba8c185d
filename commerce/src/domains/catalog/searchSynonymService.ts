import type { Kysely } from 'kysely';
import type { Database, SearchSynonymGroupTable } from '../../db/tables';
import { nextId } from '../../db/idSequence';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction } from '../../kernel/transaction';
import { recordAudit, type Actor } from '../audit';
import { noSuchEntityError } from '../errors';
import { wordsOfRow } from './searchSynonyms';

// Search synonym groups as the back office edits them (Magento's search_synonyms): a group of
// words a shopper may use for the same thing, for one store view or for all of them. Every write
// is one unit of work that records its audit entry and bumps the catalog version, so the search
// of every process reads the new groups on its next request.

export const MIN_GROUP_WORDS = 2;
export const MAX_GROUP_WORDS = 20;
export const MAX_SYNONYM_LENGTH = 64;

export interface SynonymGroupRecord {
  id: number;
  /** null: the group applies in every store view. */
  storeCode: string | null;
  words: string[];
}

function inputError(field: 'storeCode' | 'words' | 'id', message: string): DomainError {
  return new DomainError('input', message, { field });
}

/** The group's words as kept: trimmed and lower-case; refused unless 2–20 distinct words of 1–64 characters. */
export function synonymWords(raw: readonly string[]): string[] {
  const words = raw.map((w) => w.trim().toLowerCase());
  if (words.length < MIN_GROUP_WORDS || words.length > MAX_GROUP_WORDS)
    throw inputError(
      'words',
      `A synonym group has ${MIN_GROUP_WORDS} to ${MAX_GROUP_WORDS} words; this one has ${words.length}.`,
    );
  for (const word of words) {
    if (word === '') throw inputError('words', 'A synonym cannot be empty.');
    if ([...word].length > MAX_SYNONYM_LENGTH)
      throw inputError('words', `"${word.slice(0, 20)}…" is longer than ${MAX_SYNONYM_LENGTH} characters.`);
    if (word.includes(','))
      throw inputError('words', `"${word}": a synonym cannot contain a comma; give each word apart.`);
  }
  const seen = new Set<string>();
  for (const word of words) {
    if (seen.has(word)) throw inputError('words', `"${word}" is twice in the group.`);
    seen.add(word);
  }
  return words;
}

function groupId(raw: string): number {
  const id = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(id) || id < 1)
    throw noSuchEntityError(`There is no synonym group ${raw}.`);
  return id;
}

export function createSearchSynonymService(db: Kysely<Database>, clock: Clock) {
  async function stores(reader: Kysely<Database>): Promise<Map<number, string>> {
    const rows = await reader.selectFrom('store_view').select(['id', 'code']).execute();
    return new Map(rows.map((r) => [Number(r.id), r.code]));
  }

  /** The store view's id for its code; null (or absent) for all store views. */
  async function storeIdOf(reader: Kysely<Database>, code: string | null | undefined): Promise<number | null> {
    if (code === null || code === undefined) return null;
    const trimmed = code.trim();
    for (const [id, known] of await stores(reader)) if (known === trimmed) return id;
    throw inputError('storeCode', `There is no store view "${code}".`);
  }

  function recordOf(row: SearchSynonymGroupTable, codes: Map<number, string>): SynonymGroupRecord {
    const storeId = row.store_id === null ? null : Number(row.store_id);
    return {
      id: Number(row.id),
      storeCode: storeId === null ? null : (codes.get(storeId) ?? String(storeId)),
      words: wordsOfRow(row.words),
    };
  }

  /**
   * A store view's groups: its own and those for all store views. No store code: every group of
   * every store view.
   */
  async function list(storeCode: string | null | undefined): Promise<SynonymGroupRecord[]> {
    const storeId = await storeIdOf(db, storeCode);
    let query = db.selectFrom('search_synonym_group').selectAll().orderBy('id');
    if (storeId !== null)
      query = query.where((eb) => eb.or([eb('store_id', '=', storeId), eb('store_id', 'is', null)]));
    const codes = await stores(db);
    return (await query.execute()).map((row) => recordOf(row, codes));
  }

  /** A new group (no id) or a group's new words and store view. */
  async function save(
    rawId: string | null | undefined,
    storeCode: string | null | undefined,
    rawWords: readonly string[],
    actor: Actor,
  ): Promise<SynonymGroupRecord> {
    const words = synonymWords(rawWords);
    const id = rawId === null || rawId === undefined ? null : groupId(rawId);
    const saved = await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const storeId = await storeIdOf(trx, storeCode);
      const row: SearchSynonymGroupTable = { id: id ?? 0, store_id: storeId, words: words.join(',') };
      if (id === null) {
        row.id = await nextId(trx, 'search_synonym_group');
        await trx.insertInto('search_synonym_group').values(row).execute();
        await recordAudit(
          trx,
          actor,
          { action: 'search_synonym_group.create', entityType: 'search_synonym_group', entityId: row.id, after: row },
          uow.now,
        );
      } else {
        const before = await trx.selectFrom('search_synonym_group').selectAll().where('id', '=', id).executeTakeFirst();
        if (!before) throw noSuchEntityError(`There is no synonym group ${id}.`);
        await trx
          .updateTable('search_synonym_group')
          .set({ store_id: storeId, words: row.words })
          .where('id', '=', id)
          .execute();
        await recordAudit(
          trx,
          actor,
          {
            action: 'search_synonym_group.update',
            entityType: 'search_synonym_group',
            entityId: id,
            before: { ...before, id: Number(before.id) },
            after: row,
          },
          uow.now,
        );
      }
      uow.catalogChanged();
      return row;
    });
    return recordOf(saved, await stores(db));
  }

  async function remove(rawId: string, actor: Actor): Promise<void> {
    const id = groupId(rawId);
    await inWriteTransaction(db, { actor, clock }, async (uow) => {
      const trx = uow.db;
      const before = await trx.selectFrom('search_synonym_group').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw noSuchEntityError(`There is no synonym group ${id}.`);
      await trx.deleteFrom('search_synonym_group').where('id', '=', id).execute();
      await recordAudit(
        trx,
        actor,
        {
          action: 'search_synonym_group.delete',
          entityType: 'search_synonym_group',
          entityId: id,
          before: { ...before, id: Number(before.id) },
        },
        uow.now,
      );
      uow.catalogChanged();
    });
  }

  return { list, save, remove };
}

export type SearchSynonymService = ReturnType<typeof createSearchSynonymService>;
