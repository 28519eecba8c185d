import { Button } from '@vela/ui/Button';
import { DataTable } from '../../common/list/DataTable';
import { useT } from '../../common/useT';
import type { TermRow } from './RedirectForm';
import { tm } from './termMessages';

export interface TermListRow extends TermRow {
  uses: number;
  results: number;
}

/** One page of terms; the action column only for those who may edit (handlers given). */
export function TermsTable({
  terms,
  busy,
  onRedirect,
  onDelete,
}: {
  terms: readonly TermListRow[];
  busy: boolean;
  onRedirect: ((term: TermRow) => void) | null;
  onDelete: ((term: TermRow) => void) | null;
}) {
  const t = useT();
  return (
    <DataTable
      caption={t(tm.caption)}
      busy={busy}
      rows={terms}
      rowKey={(term) => term.id}
      columns={[
        { key: 'term', header: t(tm.term), rowHeader: true, cell: (term) => term.queryText },
        { key: 'uses', header: t(tm.uses), numeric: true, cell: (term) => term.uses },
        { key: 'results', header: t(tm.results), numeric: true, cell: (term) => term.results },
        { key: 'redirect', header: t(tm.redirect), cell: (term) => term.redirect ?? t(tm.noRedirect) },
        ...(onRedirect && onDelete
          ? [
              {
                key: 'actions',
                header: t(tm.actions),
                cell: (term: TermListRow) => (
                  <span className="bo-action-row">
                    <Button
                      variant="secondary"
                      aria-label={t(tm.setRedirect, { term: term.queryText })}
                      onClick={() => onRedirect(term)}
                    >
                      {t(tm.setRedirectShort)}
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={t(tm.delete, { term: term.queryText })}
                      onClick={() => onDelete(term)}
                    >
                      {t(tm.deleteShort)}
                    </Button>
                  </span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
