import type { ReactNode } from 'react';

/** One column: its header, what a row shows in it, and whether it holds numbers (right-aligned). */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The cell that names the row (a `<th scope="row">`); usually the first. */
  rowHeader?: boolean;
}

/**
 * A real table: a caption for screen readers, column headers with their scope, one row a record.
 * `busy` says a newer page is on its way while this one still shows.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  busy = false,
  className = 'bo-table',
  captionVisible = false,
}: {
  caption: ReactNode;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  busy?: boolean;
  className?: string;
  /** Shows the caption to everyone (it says something sighted users need too). */
  captionVisible?: boolean;
}) {
  return (
    <div className="bo-table-wrap" aria-busy={busy}>
      <table className={className}>
        <caption className={captionVisible ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'bo-num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={column.numeric ? 'bo-num' : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'bo-num' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
