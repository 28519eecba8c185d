import type { CatalogImportJobTable } from '../../db/tables';
import type { MutationStartCatalogImportArgs, QueryCatalogImportArgs } from '../../__generated__/backOfficeResolvers';
import type { BackOfficeContext } from '../backOfficeContext';
import { MAX_IMPORT_BYTES, type ImportReport } from '../catalogImportJobs';

/** A stored report; those written before droppedColumns existed have none. */
function reportView(stored: string): ImportReport {
  const report = JSON.parse(stored) as Partial<ImportReport> & Omit<ImportReport, 'droppedColumns'>;
  return { ...report, droppedColumns: report.droppedColumns ?? [] };
}

function jobView(job: CatalogImportJobTable) {
  return {
    id: job.id,
    fileName: job.file_name,
    status: job.status.toUpperCase() as 'RUNNING',
    dryRun: job.dry_run === 1,
    rowsDone: job.rows_done,
    rowsTotal: job.rows_total,
    progress: job.status === 'running' ? Math.min(1, job.bytes_done / Math.max(1, job.bytes_total)) : 1,
    report: job.report ? reportView(job.report) : null,
    error: job.error,
  };
}

export const catalogImportResolvers = {
  Query: {
    catalogImportLimits: () => ({ maxUploadBytes: MAX_IMPORT_BYTES }),
    async catalogImport(_: unknown, args: QueryCatalogImportArgs, context: BackOfficeContext) {
      const job = await context.services.imports.get(args.id);
      return job ? jobView(job) : null;
    },
  },
  Mutation: {
    startCatalogImport: async (_: unknown, args: MutationStartCatalogImportArgs, context: BackOfficeContext) =>
      jobView(await context.services.imports.start(args.file, args.images ?? [], args.dryRun ?? false, context.actor)),
  },
};
