import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, type MessageDescriptor, defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { Pager, pageFrom } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';

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

type Kind = 'pages' | 'blocks';

/** Each list's own sentences: French nouns have genders, so no sentence is built around a noun. */
const KIND_MESSAGES = {
  pages: defineMessages({
    heading: { id: 'backoffice.content.pages.heading', defaultMessage: 'Content: pages' },
    what: { id: 'backoffice.content.pages.what', defaultMessage: 'Pages' },
    intro: {
      id: 'backoffice.content.pages.intro',
      defaultMessage: 'Pages have their own address on the storefront, such as /about-us.',
    },
    new: { id: 'backoffice.content.pages.new', defaultMessage: 'New page' },
    searchLabel: { id: 'backoffice.content.pages.searchLabel', defaultMessage: 'Search pages' },
    hint: { id: 'backoffice.content.pages.hint', defaultMessage: 'Title or URL key' },
    loading: { id: 'backoffice.content.pages.loading', defaultMessage: 'Loading pages…' },
    count: {
      id: 'backoffice.content.pages.count',
      defaultMessage: '{count, plural, one {{count} page} other {{count} pages}}',
    },
    countSearch: {
      id: 'backoffice.content.pages.countSearch',
      defaultMessage: '{count, plural, one {{count} page} other {{count} pages}} match “{search}”',
    },
    noneMatch: { id: 'backoffice.content.pages.noneMatch', defaultMessage: 'No page matches this search.' },
    none: { id: 'backoffice.content.pages.none', defaultMessage: 'No pages yet.' },
    caption: {
      id: 'backoffice.content.pages.caption',
      defaultMessage: 'Pages, by URL key, page {page} of {totalPages}',
    },
    column: { id: 'backoffice.content.pages.column', defaultMessage: 'URL key' },
    pager: { id: 'backoffice.content.pages.pager', defaultMessage: 'Pages: pages of results' },
  }),
  blocks: defineMessages({
    heading: { id: 'backoffice.content.blocks.heading', defaultMessage: 'Content: blocks' },
    what: { id: 'backoffice.content.blocks.what', defaultMessage: 'Blocks' },
    intro: {
      id: 'backoffice.content.blocks.intro',
      defaultMessage: 'Blocks are pieces shown inside storefront pages, such as the footer links.',
    },
    new: { id: 'backoffice.content.blocks.new', defaultMessage: 'New block' },
    searchLabel: { id: 'backoffice.content.blocks.searchLabel', defaultMessage: 'Search blocks' },
    hint: { id: 'backoffice.content.blocks.hint', defaultMessage: 'Title or identifier' },
    loading: { id: 'backoffice.content.blocks.loading', defaultMessage: 'Loading blocks…' },
    count: {
      id: 'backoffice.content.blocks.count',
      defaultMessage: '{count, plural, one {{count} block} other {{count} blocks}}',
    },
    countSearch: {
      id: 'backoffice.content.blocks.countSearch',
      defaultMessage: '{count, plural, one {{count} block} other {{count} blocks}} match “{search}”',
    },
    noneMatch: { id: 'backoffice.content.blocks.noneMatch', defaultMessage: 'No block matches this search.' },
    none: { id: 'backoffice.content.blocks.none', defaultMessage: 'No blocks yet.' },
    caption: {
      id: 'backoffice.content.blocks.caption',
      defaultMessage: 'Blocks, by identifier, page {page} of {totalPages}',
    },
    column: { id: 'backoffice.content.blocks.column', defaultMessage: 'Identifier' },
    pager: { id: 'backoffice.content.blocks.pager', defaultMessage: 'Blocks: pages of results' },
  }),
};

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`bo-badge ${active ? 'bo-badge-complete' : 'bo-badge-closed'}`}>
      {active ? (
        <FormattedMessage id="backoffice.content.enabled" defaultMessage="Enabled" />
      ) : (
        <FormattedMessage id="backoffice.content.disabled" defaultMessage="Disabled" />
      )}
    </span>
  );
}

interface ContentList {
  items: ReadonlyArray<{ id: string; identifier: string; title: string; active: boolean; role?: string | null }>;
  totalCount: number;
  page: number;
  totalPages: number;
}

interface ListState {
  list: ContentList | undefined;
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

function ContentList({ kind, useList }: { kind: Kind; useList: typeof usePages }) {
  const intl = useIntl();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = pageFrom(params);
  const { list, error, loading, refetch } = useList({ search: search || null, page, pageSize: PAGE_SIZE });

  const [draft, setDraft] = useState(search);
  const [draftKey, setDraftKey] = useState(params.toString());
  // Back / forward changed the URL: the form shows what the list shows.
  if (draftKey !== params.toString()) {
    setDraftKey(params.toString());
    setDraft(search);
  }

  const paramsFor = (q: string) => {
    const out = new URLSearchParams();
    if (kind === 'blocks') out.set('kind', 'blocks');
    if (q) out.set('q', q);
    return out;
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(paramsFor(draft.trim()));
  };

  const m: Record<keyof (typeof KIND_MESSAGES)['pages'], MessageDescriptor> = KIND_MESSAGES[kind];
  const loadingLabel = intl.formatMessage(m.loading);
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
      <form className="bo-filters" onSubmit={apply} role="search" aria-label={intl.formatMessage(m.searchLabel)}>
        <Field
          label={intl.formatMessage({ id: 'backoffice.filters.search', defaultMessage: 'Search' })}
          hint={intl.formatMessage(m.hint)}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="bo-filter-actions">
          <Button type="submit">
            <FormattedMessage id="backoffice.filters.search" defaultMessage="Search" />
          </Button>
          {search && (
            <Button variant="ghost" onClick={() => setParams(paramsFor(''))}>
              <FormattedMessage id="backoffice.filters.clearSearch" defaultMessage="Clear search" />
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? loadingLabel
          : list
            ? search
              ? intl.formatMessage(m.countSearch, { count: list.totalCount, search })
              : intl.formatMessage(m.count, { count: list.totalCount })
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!list && loading && <Loading label={loadingLabel} />}
      {list && list.items.length === 0 && <EmptyState>{intl.formatMessage(search ? m.noneMatch : m.none)}</EmptyState>}
      {list && list.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              {intl.formatMessage(m.caption, { page: list.page, totalPages: list.totalPages })}
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="backoffice.content.columnTitle" defaultMessage="Title" />
                </th>
                <th scope="col">{intl.formatMessage(m.column)}</th>
                <th scope="col">
                  <FormattedMessage id="backoffice.content.columnStatus" defaultMessage="Status" />
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={`/content/${kind}/${encodeURIComponent(item.id)}`}>{item.title}</Link>
                  </th>
                  <td>
                    {/* The home page is the shop's address itself, whatever its URL key. */}
                    <code>
                      {kind === 'blocks' ? item.identifier : item.role === 'HOME' ? '/' : `/${item.identifier}`}
                    </code>
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
                  </td>
                  <td>
                    <ActiveBadge active={item.active} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && <Pager page={list.page} totalPages={list.totalPages} label={intl.formatMessage(m.pager)} />}
    </>
  );
}
