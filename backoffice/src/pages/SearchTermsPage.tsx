import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminSearchTermSort } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { CheckboxField } from '../common/form';
import { PageHeading } from '../common/PageHeading';
import { Pager } from '../common/Pager';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { DeleteTermDialog } from './searchTerms/DeleteTermDialog';
import { RedirectForm, type TermRow } from './searchTerms/RedirectForm';
import { TermsTable } from './searchTerms/TermsTable';
import { tm } from './searchTerms/termMessages';

// What shoppers search for (Magento's Search Terms grid): per store view, the most searched or
// those that found nothing. Viewers read; staff set a redirect or delete a term (the API checks
// the role and audits each change). Store, filter, sort and page live in the URL.

const PAGE_SIZE = 20;

const SearchTermsQuery = graphql(`
  query AdminSearchTerms(
    $storeCode: String!
    $noResultsOnly: Boolean
    $sort: AdminSearchTermSort
    $pageSize: Int
    $currentPage: Int
  ) {
    searchTerms(
      storeCode: $storeCode
      noResultsOnly: $noResultsOnly
      sort: $sort
      pageSize: $pageSize
      currentPage: $currentPage
    ) {
      totalCount
      items {
        id
        queryText
        uses
        results
        redirect
      }
    }
    storeViews {
      stores {
        code
        name
      }
    }
  }
`);

const SORTS: readonly AdminSearchTermSort[] = ['POPULAR', 'RECENT', 'TEXT'];

export function SearchTermsPage() {
  const t = useT();
  const toast = useToast();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const storeCode = params.get('store') || 'default';
  const noResultsOnly = params.get('none') === '1';
  const sort = SORTS.find((s) => s === params.get('sort')) ?? 'POPULAR';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, error, loading, refetch } = useQuery(SearchTermsQuery, {
    storeCode,
    noResultsOnly,
    sort,
    pageSize: PAGE_SIZE,
    currentPage: page,
  });
  const [editing, setEditing] = useState<TermRow | null>(null);
  const [deleting, setDeleting] = useState<TermRow | null>(null);
  const canEdit = me.role !== 'VIEWER';
  const stores = data?.storeViews.stores ?? [];
  const terms = data?.searchTerms.items ?? [];

  /** Changes one setting of the list and goes back to its first page. */
  const change = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    next.delete('page');
    setParams(next);
  };

  return (
    <>
      <PageHeading title={t(tm.title)}>{t(tm.title)}</PageHeading>
      <p className="bo-muted">{t(tm.intro)}</p>
      <div className="bo-action-row">
        <Select
          label={t(tm.store)}
          name="store"
          value={storeCode}
          options={
            stores.length > 0
              ? stores.map((s) => ({ value: s.code, label: s.name }))
              : [{ value: storeCode, label: storeCode }]
          }
          onChange={(event) => change('store', event.target.value)}
        />
        <Select
          label={t(tm.sort)}
          name="sort"
          value={sort}
          options={[
            { value: 'POPULAR', label: t(tm.sortPopular) },
            { value: 'RECENT', label: t(tm.sortRecent) },
            { value: 'TEXT', label: t(tm.sortText) },
          ]}
          onChange={(event) => change('sort', event.target.value === 'POPULAR' ? null : event.target.value)}
        />
      </div>
      <CheckboxField name="none" checked={noResultsOnly} onChange={(checked) => change('none', checked ? '1' : null)}>
        {t(tm.noResultsOnly)}
      </CheckboxField>
      {editing && (
        <RedirectForm
          key={editing.id}
          term={editing}
          onCancel={() => setEditing(null)}
          onSaved={(redirect) => {
            toast.show(
              redirect
                ? t(tm.saved, { term: editing.queryText, redirect })
                : t(tm.cleared, { term: editing.queryText }),
              { tone: 'success' },
            );
            setEditing(null);
            refetch();
          }}
        />
      )}
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(tm.loading)} />}
      {data && terms.length === 0 && <EmptyState>{t(tm.none)}</EmptyState>}
      {data && terms.length > 0 && (
        <>
          <p className="bo-muted" aria-live="polite">
            {t(tm.count, { count: data.searchTerms.totalCount })}
          </p>
          <TermsTable
            terms={terms}
            busy={loading}
            onRedirect={canEdit ? setEditing : null}
            onDelete={canEdit ? setDeleting : null}
          />
          <Pager page={page} totalPages={Math.ceil(data.searchTerms.totalCount / PAGE_SIZE)} label={t(tm.pages)} />
        </>
      )}
      {deleting && (
        <DeleteTermDialog
          term={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            refetch();
          }}
        />
      )}
    </>
  );
}
