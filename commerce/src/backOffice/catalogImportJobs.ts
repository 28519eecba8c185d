import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import type { Kysely } from 'kysely';
import type { CatalogImportJobTable, Database } from '../db/tables';
import type { Clock } from '../kernel/clock';
import { inWriteTransaction } from '../kernel/transaction';
import { recordAudit, type Actor } from '../domains/audit';
import { failImportJob, finishImportJob, insertImportJob, recordImportProgress } from '../domains/catalogTransfer';
import { inputError } from '../domains/errors';

// An import started from the back office runs after the answer, in this process; its progress is
// written to catalog_import_job, so a poll answered by any process reads it.

/**
 * The one upload limit of the catalog import: 50 MiB, well above 100,000 rows of a Magento export
 * without images. The CSV and the images sent with it share it; the back-office API refuses a
 * larger request before reading it (backOfficeApi.ts, and the server's body limit in front of
 * it); the import page and docs/catalog-import.md name it.
 */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** What the multipart framing around the files adds to a request (names, boundaries, the query). */
export const MULTIPART_FRAMING_BYTES = 1024 * 1024;
/** The largest back-office request: an upload of MAX_IMPORT_BYTES and its framing. */
export const MAX_IMPORT_REQUEST_BYTES = MAX_IMPORT_BYTES + MULTIPART_FRAMING_BYTES;
/** Progress is written at most this often, not once per row. */
const PROGRESS_EVERY_MS = 250;

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  rejected: Array<{ row: number; sku: string | null; reason: string }>;
  /** Columns with data the import left behind (commerce's CatalogImportReport.droppedColumns). */
  droppedColumns: Array<{ column: string; rows: number; reason: string }>;
}

/** The catalog import itself (domains/catalogTransfer): a CSV stream in, a report out. */
export type CatalogImporter = (
  input: Readable,
  options: { dryRun: boolean; imagesDir?: string; onProgress: (rowsDone: number) => void },
) => Promise<ImportReport>;

/** Images sent with the CSV, by the names its base_image and additional_images columns use. */
export const MAX_IMAGES = 500;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const IMAGE_NAME = /^[\w][\w .-]{0,200}\.(jpe?g|png|gif|webp|avif)$/i;

function checkImages(images: readonly File[]): void {
  if (images.length > MAX_IMAGES) throw inputError(`At most ${MAX_IMAGES} images can go with one import.`);
  const seen = new Set<string>();
  for (const image of images) {
    if (!IMAGE_NAME.test(image.name))
      throw inputError(
        `"${image.name}" is not an image name the import can use (letters, digits, . - _; .jpg, .png, .gif, .webp or .avif).`,
      );
    if (image.size > MAX_IMAGE_BYTES) throw inputError(`"${image.name}" is larger than 20 MB.`);
    if (seen.has(image.name)) throw inputError(`"${image.name}" is sent twice.`);
    seen.add(image.name);
  }
}

export interface CatalogImportJobs {
  start(file: File, images: readonly File[], dryRun: boolean, actor: Actor): Promise<CatalogImportJobTable>;
  get(id: string): Promise<CatalogImportJobTable | null>;
  /** Resolves when every import this process started has finished (tests, shutdown). */
  settled(): Promise<void>;
}

export function createCatalogImportJobs(
  db: Kysely<Database>,
  clock: Clock,
  importer: CatalogImporter,
  logError: (line: string) => void,
): CatalogImportJobs {
  const running = new Set<Promise<void>>();

  async function run(job: CatalogImportJobTable, file: File, images: readonly File[], actor: Actor): Promise<void> {
    let lastWrite = 0;
    let bytesDone = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const onProgress = (rowsDone: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      const bytes = bytesDone;
      pending = pending.then(() => recordImportProgress(db, job.id, { rowsDone, bytesDone: bytes }));
    };
    // The images wait in a folder of their own, the import's images folder, until it finishes.
    const imagesDir = images.length > 0 ? await mkdtemp(path.join(tmpdir(), 'vela-import-images-')) : undefined;
    try {
      for (const image of images)
        await writeFile(path.join(imagesDir!, path.basename(image.name)), Buffer.from(await image.arrayBuffer()));
      // Counts bytes as the importer pulls them, without changing how it reads.
      // The upload is already in memory (the multipart parser holds it); read in slices so the
      // importer streams it as it would a file.
      const body = Buffer.from(await file.arrayBuffer());
      const slices = function* () {
        for (let at = 0; at < body.length; at += 64 * 1024) yield body.subarray(at, at + 64 * 1024);
      };
      const input = Readable.from(slices()).pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytesDone += chunk.length;
            done(null, chunk);
          },
        }),
      );
      const report = await importer(input, { dryRun: job.dry_run === 1, imagesDir, onProgress });
      await pending;
      const rows = report.created + report.updated + report.unchanged + report.rejected.length;
      await inWriteTransaction(db, { actor, clock }, async ({ db: trx }) => {
        await finishImportJob(trx, job.id, { rows, report, finishedAt: clock().toISOString() });
        if (job.dry_run !== 1)
          await recordAudit(
            trx,
            actor,
            {
              action: 'catalog.import',
              entityType: 'catalog_import',
              entityId: job.id,
              after: {
                file: job.file_name,
                created: report.created,
                updated: report.updated,
                unchanged: report.unchanged,
                rejected: report.rejected.length,
              },
            },
            clock(),
          );
      });
    } catch (error) {
      await pending.catch(() => {});
      const message = error instanceof Error ? error.message : String(error);
      logError(`back office: catalog import ${job.id} failed: ${message}`);
      await failImportJob(db, job.id, message, clock().toISOString());
    } finally {
      if (imagesDir) await rm(imagesDir, { recursive: true, force: true });
    }
  }

  return {
    async start(file, images, dryRun, actor) {
      if (!file || typeof file.stream !== 'function') throw inputError('Choose a CSV file to import.');
      if (file.size === 0) throw inputError(`"${file.name}" is empty.`);
      const uploaded = file.size + images.reduce((sum, image) => sum + image.size, 0);
      if (uploaded > MAX_IMPORT_BYTES)
        throw inputError(
          `"${file.name}" and its images are larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most one import takes.`,
        );
      if (!/\.csv$/i.test(file.name)) throw inputError(`"${file.name}" is not a .csv file.`);
      checkImages(images);
      const job: CatalogImportJobTable = {
        id: randomUUID(),
        staff_id: actor.staffId ?? 0,
        file_name: file.name.slice(0, 255),
        status: 'running',
        dry_run: dryRun ? 1 : 0,
        rows_done: 0,
        rows_total: null,
        bytes_done: 0,
        bytes_total: file.size,
        report: null,
        error: null,
        created_at: clock().toISOString(),
        finished_at: null,
      };
      await insertImportJob(db, job);
      const work = run(job, file, images, actor).finally(() => running.delete(work));
      running.add(work);
      return job;
    },
    async get(id) {
      if (!/^[0-9a-f-]{36}$/.test(id)) return null;
      return (await db.selectFrom('catalog_import_job').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
