import { Plus } from 'lucide-react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import type { Column } from '../common/list/DataTable';
import { FilterForm } from '../common/list/FilterForm';
import { type ListPage, ListResults } from '../common/list/ListResults';
import { useListFilters } from '../common/list/useListFilters';
import { PageHeading } from '../common/PageHeading';
import { StateBadge } from '../common/ui';
import { KIND_MESSAGES, type Kind } from './content/contentListMessages';

const CmsPagesQuery = graphql(`
  query CmsPages($search: String, $page: Int, $pageSize: Int) {
    cmsPages(search: $search, page: $page, pageSize: $pageSize) {
      items {
        id
        identifier
        title
        active
        role
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const CmsBlocksQuery = graphql(`
  query CmsBlocks($search: String, $page: Int, $pageSize: Int) {
    cmsBlocks(search: $search, page: $page, pageSize: $pageSize) {
      items {
        id
        identifier
        title
        active
      }
      totalCount
      page
      pageSize
      totalPages
    }
  }
`);

const PAGE_SIZE = 20;

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <StateBadge on={active} offTone="closed">
      {active ? (
        <FormattedMessage id="backoffice.content.enabled" defaultMessage="Enabled" />
      ) : (
        <FormattedMessage id="backoffice.content.disabled" defaultMessage="Disabled" />
      )}
    </StateBadge>
  );
}

interface ContentItem {
  id: string;
  identifier: string;
  title: string;
  active: boolean;
  role?: string | null;
}

interface ListState {
  list: ListPage<ContentItem> | undefined;
  error: { message: string } | undefined;
  loading: boolean;
  refetch: () => void;
}

const usePages = (variables: { search: string | null; page: number; pageSize: number }): ListState => {
  const { data, ...rest } = useQuery(CmsPagesQuery, variables);
  return { list: data?.cmsPages, ...rest };
};

const useBlocks = (variables: { search: string | null; page: number; pageSize: number }): ListState => {
  const { data, ...rest } = useQuery(CmsBlocksQuery, variables);
  return { list: data?.cmsBlocks, ...rest };
};

/** /content: pages, or blocks with ?kind=blocks; the search and the page live in the address. */
export function ContentPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const kind: Kind = params.get('kind') === 'blocks' ? 'blocks' : 'pages';
  return (
    <>
      <PageHeading title={intl.formatMessage(KIND_MESSAGES[kind].heading)}>
        <FormattedMessage id="backoffice.content.title" defaultMessage="Content" />
      </PageHeading>
      <nav
        className="bo-content-switch"
        aria-label={intl.formatMessage({ id: 'backoffice.content.switch', defaultMessage: 'Content type' })}
      >
        <Link to="/content" aria-current={kind === 'pages' ? 'page' : undefined}>
          {intl.formatMessage(KIND_MESSAGES.pages.what)}
        </Link>
        <Link to="/content?kind=blocks" aria-current={kind === 'blocks' ? 'page' : undefined}>
          {intl.formatMessage(KIND_MESSAGES.blocks.what)}
        </Link>
      </nav>
      {/* One list at a time, each with its own query; a new kind is a new list (its own hooks). */}
      {kind === 'pages' ? (
        <ContentList key="pages" kind="pages" useList={usePages} />
      ) : (
        <ContentList key="blocks" kind="blocks" useList={useBlocks} />
      )}
    </>
  );
}

const readSearch = (params: URLSearchParams) => ({ q: params.get('q') ?? '' });

/** Where the page or block lives: the home page is the shop's address itself, whatever its URL key. */
function AddressCell({ kind, item }: { kind: Kind; item: ContentItem }) {
  const intl = useIntl();
  return (
    <>
      <code>{kind === 'blocks' ? item.identifier : item.role === 'HOME' ? '/' : `/${item.identifier}`}</code>
      {item.role && (
        <span className="bo-muted">
          {' '}
          {item.role === 'HOME' ? (
            <FormattedMessage id="backoffice.content.homePage" defaultMessage="home page" />
          ) : (
            intl.formatMessage({
              id: 'backoffice.content.notFoundPage',
              defaultMessage: '"page not found" page',
            })
          )}
        </span>
      )}
    </>
  );
}

function contentColumns(kind: Kind, column: string): Column<ContentItem>[] {
  return [
    {
      key: 'title',
      header: <FormattedMessage id="backoffice.content.columnTitle" defaultMessage="Title" />,
      rowHeader: true,
      cell: (item) => <Link to={`/content/${kind}/${encodeURIComponent(item.id)}`}>{item.title}</Link>,
    },
    { key: 'address', header: column, cell: (item) => <AddressCell kind={kind} item={item} /> },
    {
      key: 'status',
      header: <FormattedMessage id="backoffice.content.columnStatus" defaultMessage="Status" />,
      cell: (item) => <ActiveBadge active={item.active} />,
    },
  ];
}

function ContentList({ kind, useList }: { kind: Kind; useList: typeof usePages }) {
  const intl = useIntl();
  const me = useStaff();
  const filters = useListFilters(readSearch, ['kind']);
  const search = filters.current.q;
  const { list, error, loading, refetch } = useList({
    search: search || null,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const m: Record<keyof (typeof KIND_MESSAGES)['pages'], MessageDescriptor> = KIND_MESSAGES[kind];
  return (
    <>
      <p className="bo-muted">{intl.formatMessage(m.intro)}</p>
      {me.role !== 'VIEWER' && (
        <p>
          <Link className="bo-content-new" to={kind === 'pages' ? '/content/pages/new' : '/content/blocks/new'}>
            <Icon icon={Plus} size={18} />
            {intl.formatMessage(m.new)}
          </Link>
        </p>
      )}
      <FilterForm
        label={intl.formatMessage(m.searchLabel)}
        filtered={filters.filtered}
        onSubmit={filters.apply}
        onClear={filters.clear}
        submitLabel={<FormattedMessage id="backoffice.filters.search" defaultMessage="Search" />}
        clearLabel={<FormattedMessage id="backoffice.filters.clearSearch" defaultMessage="Clear search" />}
      >
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage(m.hint)}
          type="search"
          {...filters.bind('q')}
        />
      </FilterForm>
      <ListResults
        list={list}
        loading={loading}
        error={error}
        onRetry={refetch}
        messages={{
          loading: m.loading,
          count: m.count,
          countFiltered: m.countSearch,
          none: m.none,
          noneMatch: m.noneMatch,
          caption: m.caption,
          pages: m.pager,
        }}
        filtered={filters.filtered}
        values={{ search }}
        columns={contentColumns(kind, intl.formatMessage(m.column))}
        rowKey={(item) => item.id}
      />
    </>
  );
}
