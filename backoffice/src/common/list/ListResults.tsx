import type { MessageDescriptor } from 'react-intl';
import { Pager } from '../Pager';
import { EmptyState, ErrorMessage, Loading } from '../ui';
import { type MessageValues, useT } from '../useT';
import { type Column, DataTable } from './DataTable';

/** One page of a list as the server sends it. */
export interface ListPage<Row> {
  items: readonly Row[];
  totalCount: number;
  page: number;
  totalPages: number;
}

/** A list's sentences; each gets `values` too (the search, …). */
export interface ListMessages {
  /** "Loading orders…" */
  loading: MessageDescriptor;
  /** How many there are, from `{count}`. */
  count: MessageDescriptor;
  /** How many match, while a filter is on (`count` when absent). */
  countFiltered?: MessageDescriptor;
  /** The empty list. */
  none: MessageDescriptor;
  /** The empty list while a filter is on (`none` when absent). */
  noneMatch?: MessageDescriptor;
  /** The table's caption, from `{page}` and `{totalPages}`. */
  caption: MessageDescriptor;
  /** The previous / next links' name. */
  pages: MessageDescriptor;
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
  messages: m,
  filtered = false,
  values = {},
  columns,
  rowKey,
  tableClassName,
}: {
  list: ListPage<Row> | undefined;
  loading: boolean;
  error: { message: string } | null | undefined;
  onRetry: () => void;
  messages: ListMessages;
  filtered?: boolean;
  values?: MessageValues;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  tableClassName?: string;
}) {
  const t = useT();
  const loadingLabel = t(m.loading, values);
  const count = (totalCount: number) => t((filtered && m.countFiltered) || m.count, { ...values, count: totalCount });
  return (
    <>
      <p className="bo-count" role="status" aria-live="polite">
        {loading ? loadingLabel : list ? count(list.totalCount) : ''}
      </p>
      {error && <ErrorMessage onRetry={onRetry}>{error.message}</ErrorMessage>}
      {!list && loading && <Loading label={loadingLabel} />}
      {list && list.items.length === 0 && <EmptyState>{t((filtered && m.noneMatch) || m.none, values)}</EmptyState>}
      {list && list.items.length > 0 && (
        <DataTable
          caption={t(m.caption, { ...values, page: list.page, totalPages: list.totalPages })}
          columns={columns}
          rows={list.items}
          rowKey={rowKey}
          busy={loading}
          className={tableClassName}
        />
      )}
      {list && <Pager page={list.page} totalPages={list.totalPages} label={t(m.pages, values)} />}
    </>
  );
}
