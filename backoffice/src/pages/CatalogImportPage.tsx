import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Button, buttonClassName } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import fieldStyles from '@vela/ui/Field.module.css';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { ImportJobFieldsFragment } from '../__generated__/graphql';
import { ApiError, request, upload } from '../api/client';
import { useStaff } from '../api/session';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage } from '../common/ui';

/** Served by the back-office API next to /admin/graphql (commerce/src/backOffice/catalogExportDownload.ts). */
const CATALOG_EXPORT_URL = '/admin/export/catalog.csv';

graphql(`
  fragment ImportJobFields on CatalogImportJob {
    id
    fileName
    status
    dryRun
    rowsDone
    rowsTotal
    progress
    error
    report {
      created
      updated
      unchanged
      rejected {
        row
        sku
        reason
      }
      droppedColumns {
        column
        rows
        reason
      }
    }
  }
`);

const StartImportMutation = graphql(`
  mutation StartCatalogImport($file: File!, $images: [File!], $dryRun: Boolean) {
    startCatalogImport(file: $file, images: $images, dryRun: $dryRun) {
      ...ImportJobFields
    }
  }
`);

const ImportJobQuery = graphql(`
  query CatalogImportJob($id: ID!) {
    catalogImport(id: $id) {
      ...ImportJobFields
    }
  }
`);

const ImportLimitsQuery = graphql(`
  query CatalogImportLimits {
    catalogImportLimits {
      maxUploadBytes
    }
  }
`);

type Job = ImportJobFieldsFragment;

/** 52428800 → "50 MB", as the limit is set in whole mebibytes. */
function megabytes(bytes: number): string {
  return `${Math.floor(bytes / 1024 / 1024)} MB`;
}
const POLL_MS = 500;

export function CatalogImportPage() {
  const me = useStaff();
  const toast = useToast();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [dryRun, setDryRun] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [maxUploadBytes, setMaxUploadBytes] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    request(ImportLimitsQuery, {}).then(
      (data) => live && setMaxUploadBytes(data.catalogImportLimits.maxUploadBytes),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  const running = job?.status === 'RUNNING';
  useEffect(() => {
    if (!job || job.status !== 'RUNNING') return;
    let live = true;
    const timer = setTimeout(() => {
      request(ImportJobQuery, { id: job.id }).then(
        (data) => {
          if (!live) return;
          if (!data.catalogImport) {
            setError('The import is no longer known to the server.');
            setJob(null);
            return;
          }
          setJob(data.catalogImport);
          if (data.catalogImport.status === 'FINISHED') {
            const left = (data.catalogImport.report?.droppedColumns.length ?? 0) > 0;
            toast.show(
              data.catalogImport.dryRun
                ? 'The check is finished.'
                : left
                  ? 'The import is finished, without some of the file’s columns: see the report.'
                  : 'The import is finished.',
              { tone: left ? 'info' : 'success' },
            );
          }
        },
        (caught: unknown) => {
          // A lost answer is retried at the next tick; a refusal ends the polling.
          if (!live) return;
          if (caught instanceof ApiError && caught.category) {
            setError(caught.message);
            setJob(null);
          } else setJob({ ...job });
        },
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [job, toast]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || running) return;
    if (!file) {
      setFileError('Choose a CSV file first.');
      fileRef.current?.focus();
      return;
    }
    if (!/\.csv$/i.test(file.name)) {
      setFileError('The file must be a CSV file (.csv), as Magento exports it.');
      fileRef.current?.focus();
      return;
    }
    const uploaded = file.size + images.reduce((sum, image) => sum + image.size, 0);
    if (maxUploadBytes !== null && uploaded > maxUploadBytes) {
      setFileError(`The file and its images are larger than ${megabytes(maxUploadBytes)}, the most one import takes.`);
      fileRef.current?.focus();
      return;
    }
    setFileError(null);
    setError(null);
    setBusy(true);
    try {
      const data = await upload(
        StartImportMutation,
        { file, images: images.length > 0 ? images : null, dryRun },
        { file, images: images.length > 0 ? images : undefined },
      );
      setJob(data.startCatalogImport);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeading title="Catalog import">Catalog import</PageHeading>
      <p>
        Import products from a Magento 2 product CSV, the format of Magento&rsquo;s own catalog export. Rows are matched
        by SKU: new SKUs are created, known ones updated, and importing the same file again changes nothing.
      </p>
      {me.role === 'VIEWER' ? (
        <p className="bo-notice">Your role can read the catalog but not import into it.</p>
      ) : (
        <form className="bo-card bo-subform" onSubmit={submit} noValidate>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-file`} className={fieldStyles.label}>
              CSV file
              <span className={fieldStyles.required} aria-hidden="true">
                *
              </span>
            </label>
            <p id={`${id}-hint`} className={fieldStyles.hint}>
              Columns such as sku, product_type, name, price, qty, categories and configurable_variations.
              {maxUploadBytes !== null &&
                ` Up to ${megabytes(maxUploadBytes)} per import, the file and its images together.`}
            </p>
            <input
              ref={fileRef}
              id={`${id}-file`}
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              className={`${fieldStyles.control} bo-file`}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${id}-hint${fileError ? ` ${id}-error` : ''}`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(null);
              }}
            />
            {fileError && (
              <p id={`${id}-error`} className={fieldStyles.error}>
                {fileError}
              </p>
            )}
          </div>
          <div className={fieldStyles.field}>
            <label htmlFor={`${id}-images`} className={fieldStyles.label}>
              Images (optional)
            </label>
            <p id={`${id}-images-hint`} className={fieldStyles.hint}>
              The files the CSV names in base_image and additional_images; rows whose images are missing are rejected.
            </p>
            <input
              id={`${id}-images`}
              name="images"
              type="file"
              accept="image/*"
              multiple
              className={`${fieldStyles.control} bo-file`}
              aria-describedby={`${id}-images-hint`}
              onChange={(event) => setImages([...(event.target.files ?? [])])}
            />
          </div>
          <label className="bo-check">
            <input type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
            Dry run: check the file and report what would change, without changing the catalog
          </label>
          <Button type="submit" busy={busy || running}>
            {dryRun ? 'Check file' : 'Import'}
          </Button>
        </form>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <section aria-labelledby={`${id}-progress`} className="bo-card">
        <h2 id={`${id}-progress`}>Progress</h2>
        {job ? <JobProgress job={job} /> : <EmptyState>No import started in this visit yet.</EmptyState>}
      </section>
      <section aria-labelledby={`${id}-export`} className="bo-card">
        <h2 id={`${id}-export`}>Export</h2>
        <p id={`${id}-export-hint`}>
          The whole catalog as a Magento 2 product CSV, the format this page imports. Your browser shows the
          download&rsquo;s progress; a large catalog takes a while.
        </p>
        {/* A plain link: the browser streams the file to disk and shows its own progress. */}
        <a
          className={buttonClassName('secondary')}
          href={CATALOG_EXPORT_URL}
          download
          aria-describedby={`${id}-export-hint`}
        >
          <Icon icon={Download} size={18} />
          Download the catalog (CSV)
        </a>
      </section>
    </>
  );
}

function JobProgress({ job }: { job: Job }) {
  const id = useId();
  const total = job.rowsTotal ?? null;
  // Rows once the file's length in rows is known, else the share of the file read so far.
  const percent = Math.min(100, Math.round(total ? (job.rowsDone / total) * 100 : job.progress * 100));
  const label = job.dryRun ? 'Checking' : 'Importing';
  return (
    <>
      <p id={`${id}-label`}>
        {label} <strong>{job.fileName}</strong>
      </p>
      {job.status !== 'FAILED' && (
        <progress
          className="bo-progress"
          aria-labelledby={`${id}-label`}
          max={100}
          value={job.status === 'FINISHED' ? 100 : percent}
        />
      )}
      <p role="status" aria-live="polite" className="bo-progress-text">
        {job.status === 'RUNNING' &&
          (total
            ? `${job.rowsDone} of ${total} rows (${percent}%)`
            : `${job.rowsDone} rows done, ${percent}% of the file read…`)}
        {job.status === 'FINISHED' &&
          `${job.dryRun ? 'Check finished' : 'Import finished'}: ${job.rowsDone} rows${job.dryRun ? ', nothing was changed' : ''}${droppedNote(job)}.`}
        {job.status === 'FAILED' &&
          `The import stopped after ${job.rowsDone} rows: ${job.error ?? 'the server gave no reason'}`}
      </p>
      {job.report && <Report job={job} report={job.report} />}
    </>
  );
}

/** "; 2 columns were not imported (see the report)", or nothing when every column was. */
function droppedNote(job: Job): string {
  const count = job.report?.droppedColumns.length ?? 0;
  if (count === 0) return '';
  const verb = job.dryRun ? 'would not be' : count === 1 ? 'was not' : 'were not';
  return `; ${count} column${count === 1 ? '' : 's'} ${verb} imported (see the report)`;
}

function Report({ job, report }: { job: Job; report: NonNullable<Job['report']> }) {
  const would = job.dryRun ? 'would be ' : '';
  return (
    <div className="bo-report">
      <h3>Report</h3>
      <dl className="bo-stats">
        <div>
          <dt>{job.dryRun ? 'Would be created' : 'Created'}</dt>
          <dd>{report.created}</dd>
        </div>
        <div>
          <dt>{job.dryRun ? 'Would be updated' : 'Updated'}</dt>
          <dd>{report.updated}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd>{report.unchanged}</dd>
        </div>
        <div>
          <dt>Rejected</dt>
          <dd>{report.rejected.length}</dd>
        </div>
      </dl>
      {report.droppedColumns.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption>
              Columns {job.dryRun ? 'that would not be' : 'not'} imported ({report.droppedColumns.length}): their data
              is not in the shop.
            </caption>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col" className="bo-num">
                  Rows with data
                </th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.droppedColumns.map((dropped) => (
                <tr key={dropped.column}>
                  <td>{dropped.column}</td>
                  <td className="bo-num">{dropped.rows}</td>
                  <td>{dropped.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.rejected.length === 0 ? (
        <p>
          Every row {would}imported
          {report.droppedColumns.length > 0 ? ', without the columns above' : ''}.
        </p>
      ) : (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <caption>Rejected rows ({report.rejected.length}): fix them in the file and import it again.</caption>
            <thead>
              <tr>
                <th scope="col" className="bo-num">
                  Line
                </th>
                <th scope="col">SKU</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((row) => (
                <tr key={row.row}>
                  <td className="bo-num">{row.row}</td>
                  <td>{row.sku ?? '—'}</td>
                  <td>{row.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
