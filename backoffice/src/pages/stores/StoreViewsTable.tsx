import { Button } from '@vela/ui/Button';
import type { StoreViewRowFragment as Store } from '../../__generated__/graphql';
import { type Column, DataTable } from '../../common/list/DataTable';
import { StateBadge } from '../../common/ui';
import { useT } from '../../common/useT';
import { s } from './storeMessages';

/** The store views, one a row; owners get an Edit button per row. */
export function StoreViewsTable({
  stores,
  readOnly,
  onEdit,
}: {
  stores: readonly Store[];
  readOnly: boolean;
  onEdit: (id: string) => void;
}) {
  const t = useT();
  const columns: Column<Store>[] = [
    { key: 'name', header: t(s.name), rowHeader: true, cell: (store) => store.name },
    { key: 'code', header: t(s.code), cell: (store) => <code>{store.code}</code> },
    { key: 'locale', header: t(s.locale), cell: (store) => store.locale },
    {
      key: 'currency',
      header: t(s.currency),
      cell: (store) =>
        store.allowedCurrencies.length > 1
          ? `${store.defaultCurrency} (${store.allowedCurrencies.join(', ')})`
          : store.defaultCurrency,
    },
    {
      key: 'status',
      header: t(s.status),
      cell: (store) => (
        <>
          <StateBadge on={store.active}>{store.active ? t(s.active) : t(s.inactive)}</StateBadge>
          {store.isDefault && <span className="bo-badge bo-badge-processing">{t(s.isDefault)}</span>}
        </>
      ),
    },
  ];
  if (!readOnly)
    columns.push({
      key: 'edit',
      header: <span className="visually-hidden">{t(s.edit)}</span>,
      cell: (store) => (
        <Button variant="secondary" aria-label={t(s.editLabel, { name: store.name })} onClick={() => onEdit(store.id)}>
          {t(s.edit)}
        </Button>
      ),
    });
  return <DataTable caption={t(s.caption)} columns={columns} rows={stores} rowKey={(store) => store.id} />;
}
