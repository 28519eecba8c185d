import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
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

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span className={`bo-badge ${active ? 'bo-badge-complete' : 'bo-badge-closed'}`}>
      {active ? 'Enabled' : 'Disabled'}
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
  const [params] = useSearchParams();
  const kind: Kind = params.get('kind') === 'blocks' ? 'blocks' : 'pages';
  const what = kind === 'pages' ? 'Pages' : 'Blocks';
  return (
    <>
      <PageHeading title={`Content: ${what.toLowerCase()}`}>Content</PageHeading>
      <nav className="bo-content-switch" aria-label="Content type">
        <Link to="/content" aria-current={kind === 'pages' ? 'page' : undefined}>
          Pages
        </Link>
        <Link to="/content?kind=blocks" aria-current={kind === 'blocks' ? 'page' : undefined}>
          Blocks
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

  const noun = kind === 'pages' ? 'page' : 'block';
  const what = kind === 'pages' ? 'Pages' : 'Blocks';
  return (
    <>
      <p className="bo-muted">
        {kind === 'pages'
          ? 'Pages have their own address on the storefront, such as /about-us.'
          : 'Blocks are pieces shown inside storefront pages, such as the footer links.'}
      </p>
      {me.role !== 'VIEWER' && (
        <p>
          <Link className="bo-content-new" to={kind === 'pages' ? '/content/pages/new' : '/content/blocks/new'}>
            <Icon icon={Plus} size={18} />
            New {noun}
          </Link>
        </p>
      )}
      <form className="bo-filters" onSubmit={apply} role="search" aria-label={`Search ${what.toLowerCase()}`}>
        <Field
          label="Search"
          hint={kind === 'pages' ? 'Title or URL key' : 'Title or identifier'}
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <div className="bo-filter-actions">
          <Button type="submit">Search</Button>
          {search && (
            <Button variant="ghost" onClick={() => setParams(paramsFor(''))}>
              Clear search
            </Button>
          )}
        </div>
      </form>

      <p className="bo-count" role="status" aria-live="polite">
        {loading
          ? `Loading ${noun}s…`
          : list
            ? `${list.totalCount} ${list.totalCount === 1 ? noun : `${noun}s`}${search ? ` match “${search}”` : ''}`
            : ''}
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!list && loading && <Loading label={`Loading ${noun}s…`} />}
      {list && list.items.length === 0 && (
        <EmptyState>{search ? `No ${noun} matches this search.` : `No ${noun}s yet.`}</EmptyState>
      )}
      {list && list.items.length > 0 && (
        <div className="bo-table-wrap" aria-busy={loading}>
          <table className="bo-table">
            <caption className="visually-hidden">
              {what}, by {kind === 'pages' ? 'URL key' : 'identifier'}, page {list.page} of {list.totalPages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">{kind === 'pages' ? 'URL key' : 'Identifier'}</th>
                <th scope="col">Status</th>
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
                      <span className="bo-muted"> {item.role === 'HOME' ? 'home page' : '"page not found" page'}</span>
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
      {list && <Pager page={list.page} totalPages={list.totalPages} label={`${what}: pages of results`} />}
    </>
  );
}
