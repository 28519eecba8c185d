import type { Kysely } from 'kysely';
import type { CatalogImportJobTable, Database } from '../../db/tables';

// The rows of catalog_import_job, a back-office import's progress, which any process answers a
// poll from. The table is catalogTransfer's (domains/tableOwners.ts); the back office's job runner
// (backOffice/catalogImportJobs.ts) writes it through these.

export async function insertImportJob(db: Kysely<Database>, job: CatalogImportJobTable): Promise<void> {
  await db.insertInto('catalog_import_job').values(job).execute();
}

export async function recordImportProgress(
  db: Kysely<Database>,
  id: string,
  progress: { rowsDone: number; bytesDone: number },
): Promise<void> {
  await db
    .updateTable('catalog_import_job')
    .set({ rows_done: progress.rowsDone, bytes_done: progress.bytesDone })
    .where('id', '=', id)
    .execute();
}

/** The import ran to its end: every row counted, and its report kept as JSON. */
export async function finishImportJob(
  db: Kysely<Database>,
  id: string,
  outcome: { rows: number; report: unknown; finishedAt: string },
): Promise<void> {
  await db
    .updateTable('catalog_import_job')
    .set({
      status: 'finished',
      rows_done: outcome.rows,
      rows_total: outcome.rows,
      report: JSON.stringify(outcome.report),
      finished_at: outcome.finishedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function failImportJob(
  db: Kysely<Database>,
  id: string,
  error: string,
  finishedAt: string,
): Promise<void> {
  await db
    .updateTable('catalog_import_job')
    .set({ status: 'failed', error, finished_at: finishedAt })
    .where('id', '=', id)
    .execute();
}
