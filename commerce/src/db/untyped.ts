import type { Kysely, SelectQueryBuilder } from 'kysely';

/*
 * The one place where the query layer gives up its table types, on purpose:
 * - migrations must not depend on today's `Database` type (Kysely's own guidance: a migration
 *   written against the schema of its day keeps working when the schema moves on);
 * - the search index and catalog index tables differ per engine (FTS5 virtual tables on SQLite,
 *   tsvector on PostgreSQL) and are built by dynamic SQL;
 * - listing queries join those tables under aliases chosen at run time.
 * Everything else uses Kysely<Database>.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type UntypedDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type UntypedSelect<O> = SelectQueryBuilder<any, any, O>;
