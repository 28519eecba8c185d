import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { graphql } from '../__generated__';
import type { AuditLogQuery as AuditLogResult } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { formatDateTime } from '../common/format';
import type { Column } from '../common/list/DataTable';
import { type ListMessages, ListResults } from '../common/list/ListResults';
import { PageHeading } from '../common/PageHeading';
import { pageFrom } from '../common/Pager';

const AuditLogQuery = graphql(`
  query AuditLog($page: Int, $pageSize: Int) {
    auditLog(page: $page, pageSize: $pageSize) {
      items {
        id
        actor
        action
        entityType
        entityId
        before
        after
        clientAddress
        createdAt
      }
      totalCount
      page
      totalPages
    }
  }
`);

const PAGE_SIZE = 50;

const listMessages: ListMessages = defineMessages({
  loading: { id: 'backoffice.audit.loadingEntries', defaultMessage: 'Loading entries…' },
  count: {
    id: 'backoffice.audit.count',
    defaultMessage: '{count, plural, one {{count} entry} other {{count} entries}}',
  },
  none: { id: 'backoffice.audit.none', defaultMessage: 'Nothing has been changed yet.' },
  caption: { id: 'backoffice.audit.caption', defaultMessage: 'Audit log, page {page} of {totalPages}' },
  pages: { id: 'backoffice.audit.pages', defaultMessage: 'Audit log pages' },
});

/** JSON values shown readably; text that is not JSON as it is. */
function pretty(json: string | null | undefined): string {
  if (!json) return '';
  try {
    return JSON.stringify(JSON.parse(json), null, 1);
  } catch {
    return json;
  }
}

type Entry = AuditLogResult['auditLog']['items'][number];

function useAuditColumns(): Column<Entry>[] {
  const intl = useIntl();
  return [
    {
      key: 'when',
      header: <FormattedMessage id="backoffice.audit.when" defaultMessage="When" />,
      cell: (entry) => formatDateTime(intl, entry.createdAt),
    },
    {
      key: 'who',
      header: <FormattedMessage id="backoffice.audit.who" defaultMessage="Who" />,
      cell: (entry) => (
        <>
          {entry.actor}
          {entry.clientAddress && (
            <span className="bo-block bo-muted">
              <FormattedMessage
                id="backoffice.audit.from"
                defaultMessage="from {address}"
                values={{ address: entry.clientAddress }}
              />
            </span>
          )}
        </>
      ),
    },
    {
      key: 'what',
      header: <FormattedMessage id="backoffice.audit.what" defaultMessage="What" />,
      cell: (entry) => (
        <>
          <code>{entry.action}</code>
          <span className="bo-block bo-muted">
            {entry.entityType} {entry.entityId}
          </span>
        </>
      ),
    },
    {
      key: 'before',
      header: <FormattedMessage id="backoffice.audit.before" defaultMessage="Before" />,
      cell: (entry) => (entry.before ? <JsonCell json={entry.before} /> : '—'),
    },
    {
      key: 'after',
      header: <FormattedMessage id="backoffice.audit.after" defaultMessage="After" />,
      cell: (entry) => (entry.after ? <JsonCell json={entry.after} /> : '—'),
    },
  ];
}

export function AuditLogPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { data, error, loading, refetch } = useQuery(AuditLogQuery, { page: pageFrom(params), pageSize: PAGE_SIZE });
  const columns = useAuditColumns();
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.audit.title', defaultMessage: 'Audit log' })}>
        <FormattedMessage id="backoffice.audit.title" defaultMessage="Audit log" />
      </PageHeading>
      <p>
        <FormattedMessage
          id="backoffice.audit.intro"
          defaultMessage="Who changed what and when, newest first, with the values before and after."
        />
      </p>
      <ListResults
        list={data?.auditLog}
        loading={loading}
        error={error}
        onRetry={refetch}
        messages={listMessages}
        columns={columns}
        rowKey={(entry) => entry.id}
        tableClassName="bo-table bo-audit"
      />
    </>
  );
}

/**
 * A change's JSON. Long ones (a shipment's lines, a mass action's SKUs) scroll inside the cell, so
 * the cell takes the keyboard's focus: a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
function JsonCell({ json }: { json: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <pre className="bo-json" tabIndex={0}>
      {pretty(json)}
    </pre>
  );
}
