import { useIntl } from 'react-intl';
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
      <PageHeading title="Audit log">Audit log</PageHeading>
      <p>Who changed what and when, newest first, with the values before and after.</p>
      <p className="bo-count" role="status" aria-live="polite">
        {loading ? 'Loading entries…' : log ? `${log.totalCount} ${log.totalCount === 1 ? 'entry' : 'entries'}` : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!log && loading && <Loading label="Loading the audit log…" />}
      {log && log.items.length === 0 && <EmptyState>Nothing has been changed yet.</EmptyState>}
      {log && log.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table bo-audit">
            <caption className="visually-hidden">
              Audit log, page {log.page} of {log.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {log.items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(intl, entry.createdAt)}</td>
                  <td>
                    {entry.actor}
                    {entry.clientAddress && <span className="bo-block bo-muted">from {entry.clientAddress}</span>}
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
      {log && <Pager page={log.page} totalPages={log.totalPages} label="Audit log pages" />}
    </>
  );
}
