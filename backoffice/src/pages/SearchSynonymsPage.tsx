import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { DataTable } from '../common/list/DataTable';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { DeleteGroupDialog } from './searchSynonyms/DeleteGroupDialog';
import { SynonymGroupForm, type SynonymGroup } from './searchSynonyms/SynonymGroupForm';
import { sm, wordsOf } from './searchSynonyms/synonymMessages';

// The merchant's synonym groups (Magento's Search Synonyms grid): per store view or for all of
// them. Viewers read; staff add, change and delete (the API checks the role and audits each change).

const SynonymGroupsQuery = graphql(`
  query AdminSearchSynonymGroups($storeCode: String) {
    searchSynonymGroups(storeCode: $storeCode) {
      id
      storeCode
      words
    }
    storeViews {
      stores {
        code
        name
      }
    }
  }
`);

type Editing = { group: SynonymGroup | null } | null;

export function SearchSynonymsPage() {
  const t = useT();
  const toast = useToast();
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const storeCode = params.get('store') || null;
  const { data, error, loading, refetch } = useQuery(SynonymGroupsQuery, { storeCode });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SynonymGroup | null>(null);
  const canEdit = me.role !== 'VIEWER';
  const stores = data?.storeViews.stores ?? [];
  const storeName = (code: string | null) =>
    code === null ? t(sm.allStores) : (stores.find((s) => s.code === code)?.name ?? code);

  return (
    <>
      <PageHeading title={t(sm.title)}>{t(sm.title)}</PageHeading>
      <p className="bo-muted">{t(sm.intro)}</p>
      <Select
        label={t(sm.scopeFilter)}
        name="store"
        value={storeCode ?? ''}
        options={[{ value: '', label: t(sm.everyGroup) }, ...stores.map((s) => ({ value: s.code, label: s.name }))]}
        onChange={(event) => setParams(event.target.value ? { store: event.target.value } : {})}
      />
      {canEdit && !editing && (
        <p>
          <Button onClick={() => setEditing({ group: null })}>{t(sm.add)}</Button>
        </p>
      )}
      {editing && (
        <SynonymGroupForm
          key={editing.group?.id ?? 'new'}
          group={editing.group}
          stores={stores}
          defaultStoreCode={storeCode}
          onCancel={() => setEditing(null)}
          onSaved={(saved) => {
            toast.show(t(sm.saved, { words: wordsOf(saved) }), { tone: 'success' });
            setEditing(null);
            refetch();
          }}
        />
      )}
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(sm.loading)} />}
      {data && data.searchSynonymGroups.length === 0 && <EmptyState>{t(sm.none)}</EmptyState>}
      {data && data.searchSynonymGroups.length > 0 && (
        <DataTable
          caption={t(sm.caption)}
          busy={loading}
          rows={data.searchSynonymGroups}
          rowKey={(group) => group.id}
          columns={[
            { key: 'words', header: t(sm.words), rowHeader: true, cell: wordsOf },
            { key: 'scope', header: t(sm.scope), cell: (group) => storeName(group.storeCode ?? null) },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    header: t(sm.actions),
                    cell: (group: SynonymGroup) => (
                      <span className="bo-action-row">
                        <Button
                          variant="secondary"
                          aria-label={t(sm.edit, { words: wordsOf(group) })}
                          onClick={() => setEditing({ group })}
                        >
                          {t(sm.editShort)}
                        </Button>
                        <Button
                          variant="secondary"
                          aria-label={t(sm.delete, { words: wordsOf(group) })}
                          onClick={() => setDeleting(group)}
                        >
                          {t(sm.deleteShort)}
                        </Button>
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {deleting && (
        <DeleteGroupDialog
          group={deleting}
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
