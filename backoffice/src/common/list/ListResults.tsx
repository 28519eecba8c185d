import type { ReactNode } from 'react';
import { Pager } from '../Pager';
import { EmptyState, ErrorMessage, Loading } from '../ui';
import { type Column, DataTable } from './DataTable';

/** One page of a list as the server sends it. */
export interface ListPage<Row> {
  items: readonly Row[];
  totalCount: number;
  page: number;
  totalPages: number;
}

/**
 * A paged list's results: how many there are (read out when it changes), the error with a retry,
 * "Loading…" until the first page comes, the empty state, the table and the previous / next links.
 */
export function ListResults<Row>({
  list,
  loading,
  error,
  onRetry,
  loadingLabel,
  countText,
  empty,
  caption,
  columns,
  rowKey,
  pagerLabel,
  tableClassName,
}: {
  list: ListPage<Row> | undefined;
  loading: boolean;
  error: { message: string } | null | undefined;
  onRetry: () => void;
  loadingLabel: string;
  countText: (totalCount: number) => string;
  empty: ReactNode;
  caption: (page: number, totalPages: number) => ReactNode;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  pagerLabel: string;
  tableClassName?: string;
}) {
  return (
    <>
      <p className="bo-count" role="status" aria-live="polite">
        {loading ? loadingLabel : list ? countText(list.totalCount) : ''}
      </p>
      {error && <ErrorMessage onRetry={onRetry}>{error.message}</ErrorMessage>}
      {!list && loading && <Loading label={loadingLabel} />}
      {list && list.items.length === 0 && <EmptyState>{empty}</EmptyState>}
      {list && list.items.length > 0 && (
        <DataTable
          caption={caption(list.page, list.totalPages)}
          columns={columns}
          rows={list.items}
          rowKey={rowKey}
          busy={loading}
          className={tableClassName}
        />
      )}
      {list && <Pager page={list.page} totalPages={list.totalPages} label={pagerLabel} />}
    </>
  );
}
