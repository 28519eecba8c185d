import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../__generated__';
import type { AuditLogQuery as AuditLogResult } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { formatDateTime } from '../common/format';
import type { Column } from '../common/list/DataTable';
import { type ListMessages, ListResults } from '../common/list/ListResults';
import { PageHeading } from '../common/PageHeading';
import { FilterForm } from '../common/list/FilterForm';
import { useListFilters } from '../common/list/useListFilters';

const AuditLogQuery = graphql(`
  query AuditLog($page: Int, $pageSize: Int, $filter: AuditLogFilter) {
    staffMembers {
      id
      email
    }
    auditLog(page: $page, pageSize: $pageSize, filter: $filter) {
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
  noneMatch: { id: 'backoffice.audit.noneMatch', defaultMessage: 'No entries match these filters.' },
  countFiltered: {
    id: 'backoffice.audit.countFiltered',
    defaultMessage: '{count, plural, one {{count} entry matches} other {{count} entries match}}',
  },
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readFilters(params: URLSearchParams) {
  const day = (value: string | null) => (DAY.test(value ?? '') ? value! : '');
  return {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

export function AuditLogPage() {
  const intl = useIntl();
  const filters = useListFilters(readFilters);
  const { actor, action, from, to } = filters.current;
  const { data, error, loading, refetch } = useQuery(AuditLogQuery, {
    page: filters.page,
    pageSize: PAGE_SIZE,
    filter: { actor: actor || null, action: action || null, from: from || null, to: to || null },
  });
  const columns = useAuditColumns();
  const { draft } = filters;
  const rangeError =
    draft.from && draft.to && draft.from > draft.to
      ? intl.formatMessage({
          id: 'backoffice.audit.rangeError',
          defaultMessage: 'The end date is before the start date.',
        })
      : null;
  const people = ['cli', ...(data?.staffMembers.map((m) => m.email) ?? [])];
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
      <FilterForm
        label={intl.formatMessage({ id: 'backoffice.audit.filters', defaultMessage: 'Filter the audit log' })}
        filtered={filters.filtered}
        onSubmit={(event) => (rangeError ? event.preventDefault() : filters.apply(event))}
        onClear={filters.clear}
      >
        <Select
          label={intl.formatMessage({ id: 'backoffice.audit.person', defaultMessage: 'Person' })}
          placeholder={intl.formatMessage({ id: 'backoffice.audit.anyone', defaultMessage: 'Anyone' })}
          options={people.map((value) => ({
            value,
            label:
              value === 'cli'
                ? intl.formatMessage({ id: 'backoffice.audit.commandLine', defaultMessage: 'Command line (cli)' })
                : value,
          }))}
          {...filters.bind('actor')}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.audit.action', defaultMessage: 'Action' })}
          hint={intl.formatMessage({
            id: 'backoffice.audit.actionHint',
            defaultMessage: 'An action such as order.ship, or its family: order',
          })}
          {...filters.bind('action')}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.audit.fromDay', defaultMessage: 'From' })}
          type="date"
          {...filters.bind('from')}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.audit.until', defaultMessage: 'Until' })}
          type="date"
          error={rangeError ?? undefined}
          {...filters.bind('to')}
        />
      </FilterForm>
      <ListResults
        filtered={filters.filtered}
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
