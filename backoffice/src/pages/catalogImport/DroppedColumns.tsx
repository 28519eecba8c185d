import { useIntl } from 'react-intl';
import type { ImportJobFieldsFragment as Job } from '../../__generated__/graphql';
import { type Column, DataTable } from '../../common/list/DataTable';
import { m } from './importMessages';

type Dropped = NonNullable<Job['report']>['droppedColumns'][number];

/** The file's columns the import left out: each with the rows that filled it and the server's reason. */
export function DroppedColumns({ dryRun, dropped }: { dryRun: boolean; dropped: readonly Dropped[] }) {
  const intl = useIntl();
  // The column's name is a plain cell, not a row header: it is data from the file.
  const columns: Column<Dropped>[] = [
    { key: 'column', header: intl.formatMessage(m.column), cell: (row) => row.column },
    {
      key: 'rows',
      header: intl.formatMessage(m.rowsWithData),
      numeric: true,
      cell: (row) => intl.formatNumber(row.rows),
    },
    { key: 'reason', header: intl.formatMessage(m.reason), cell: (row) => row.reason },
  ];
  return (
    <DataTable
      caption={intl.formatMessage(m.droppedCaption, { dryRun: dryRun ? 'yes' : 'no', count: dropped.length })}
      captionVisible
      columns={columns}
      rows={dropped}
      rowKey={(row) => row.column}
    />
  );
}
