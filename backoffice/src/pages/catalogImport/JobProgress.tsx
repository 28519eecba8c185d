import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ImportJobFieldsFragment as Job } from '../../__generated__/graphql';
import { type Column, DataTable } from '../../common/list/DataTable';
import { DroppedColumns } from './DroppedColumns';
import { m } from './importMessages';

/** The running import's progress bar and words (read out as they change), then its report. */
export function JobProgress({ job }: { job: Job }) {
  const intl = useIntl();
  const id = useId();
  const total = job.rowsTotal ?? null;
  // Rows once the file's length in rows is known, else the share of the file read so far.
  const percent = Math.min(100, Math.round(total ? (job.rowsDone / total) * 100 : job.progress * 100));
  const dryRun = job.dryRun ? 'yes' : 'no';
  const done = job.rowsDone;
  const dropped = job.report?.droppedColumns.length ?? 0;
  return (
    <>
      <p id={`${id}-label`}>
        <FormattedMessage
          {...m.running}
          values={{ dryRun, file: job.fileName, b: (text) => <strong>{text}</strong> }}
        />
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
            ? intl.formatMessage(m.rowsOf, { done, total, percent })
            : intl.formatMessage(m.rowsRead, { done, percent }))}
        {job.status === 'FINISHED' && intl.formatMessage(m.finished, { dryRun, done, dropped })}
        {job.status === 'FAILED' &&
          intl.formatMessage(m.failed, { done, reason: job.error ?? intl.formatMessage(m.noReason) })}
      </p>
      {job.report && <Report dryRun={job.dryRun} report={job.report} />}
    </>
  );
}

type Rejected = NonNullable<Job['report']>['rejected'][number];

function Report({ dryRun, report }: { dryRun: boolean; report: NonNullable<Job['report']> }) {
  const intl = useIntl();
  const select = { dryRun: dryRun ? 'yes' : 'no' };
  const withoutColumns = report.droppedColumns.length > 0 ? 'yes' : 'no';
  const columns: Column<Rejected>[] = [
    { key: 'line', header: intl.formatMessage(m.line), numeric: true, cell: (row) => row.row },
    { key: 'sku', header: intl.formatMessage(m.sku), cell: (row) => row.sku ?? '—' },
    { key: 'reason', header: intl.formatMessage(m.reason), cell: (row) => row.reason },
  ];
  const figures = [
    [intl.formatMessage(m.created, select), report.created],
    [intl.formatMessage(m.updated, select), report.updated],
    [intl.formatMessage(m.unchanged), report.unchanged],
    [intl.formatMessage(m.rejected), report.rejected.length],
  ] as const;
  return (
    <div className="bo-report">
      <h3>{intl.formatMessage(m.report)}</h3>
      <dl className="bo-stats">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.droppedColumns.length > 0 && <DroppedColumns dryRun={dryRun} dropped={report.droppedColumns} />}
      {report.rejected.length === 0 ? (
        <p>{intl.formatMessage(m.allImported, { ...select, withoutColumns })}</p>
      ) : (
        <DataTable
          caption={intl.formatMessage(m.rejectedCaption, { count: report.rejected.length })}
          captionVisible
          columns={columns}
          rows={report.rejected}
          rowKey={(row) => String(row.row)}
        />
      )}
    </div>
  );
}
