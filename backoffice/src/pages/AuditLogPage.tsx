import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { formatDateTime } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';

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

/** JSON values shown readably; text that is not JSON as it is. */
function pretty(json: string | null | undefined): string {
  if (!json) return '';
  try {
    return JSON.stringify(JSON.parse(json), null, 1);
  } catch {
    return json;
  }
}

export function AuditLogPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const { data, error, loading, refetch } = useQuery(AuditLogQuery, { page, pageSize: PAGE_SIZE });
  const log = data?.auditLog;
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
      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? intl.formatMessage({ id: 'backoffice.audit.loadingEntries', defaultMessage: 'Loading entries…' })
          : log
            ? intl.formatMessage(
                {
                  id: 'backoffice.audit.count',
                  defaultMessage: '{count, plural, one {{count} entry} other {{count} entries}}',
                },
                { count: log.totalCount },
              )
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!log && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.audit.loading', defaultMessage: 'Loading the audit log…' })}
        />
      )}
      {log && log.items.length === 0 && (
        <EmptyState>
          <FormattedMessage id="backoffice.audit.none" defaultMessage="Nothing has been changed yet." />
        </EmptyState>
      )}
      {log && log.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table bo-audit">
            <caption className="visually-hidden">
              <FormattedMessage
                id="backoffice.audit.caption"
                defaultMessage="Audit log, page {page} of {totalPages}"
                values={{ page: log.page, totalPages: log.totalPages }}
              />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="backoffice.audit.when" defaultMessage="When" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.audit.who" defaultMessage="Who" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.audit.what" defaultMessage="What" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.audit.before" defaultMessage="Before" />
                </th>
                <th scope="col">
                  <FormattedMessage id="backoffice.audit.after" defaultMessage="After" />
                </th>
              </tr>
            </thead>
            <tbody>
              {log.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(intl, entry.createdAt)}</td>
                  <td>
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
                  </td>
                  <td>
                    <code>{entry.action}</code>
                    <span className="bo-block bo-muted">
                      {entry.entityType} {entry.entityId}
                    </span>
                  </td>
                  <td>{entry.before ? <pre className="bo-json">{pretty(entry.before)}</pre> : '—'}</td>
                  <td>{entry.after ? <pre className="bo-json">{pretty(entry.after)}</pre> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log && (
        <Pager
          page={log.page}
          totalPages={log.totalPages}
          label={intl.formatMessage({ id: 'backoffice.audit.pages', defaultMessage: 'Audit log pages' })}
        />
      )}
    </>
  );
}
