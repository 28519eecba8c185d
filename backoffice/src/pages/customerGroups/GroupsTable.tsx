import { FormattedMessage } from 'react-intl';
import { Button } from '@vela/ui/Button';
import type { CustomerGroupRowFragment as Group } from '../../__generated__/graphql';
import { type Column, DataTable } from '../../common/list/DataTable';

/** The groups with their tax class and how many customers each has; the owner's buttons per row. */
export function GroupsTable({
  title,
  groups,
  owner,
  deleting,
  onEdit,
  onDelete,
}: {
  title: string;
  groups: readonly Group[];
  owner: boolean;
  /** The id of the group being deleted now. */
  deleting: string | null;
  onEdit: (group: Group) => void;
  onDelete: (group: Group) => void;
}) {
  const columns: Column<Group>[] = [
    {
      key: 'code',
      header: <FormattedMessage id="backoffice.groups.code" defaultMessage="Group name" />,
      rowHeader: true,
      cell: (group) => group.code,
    },
    {
      key: 'taxClass',
      header: <FormattedMessage id="backoffice.groups.taxClass" defaultMessage="Tax class" />,
      cell: (group) => group.taxClassName,
    },
    {
      key: 'customers',
      header: <FormattedMessage id="backoffice.groups.customers" defaultMessage="Customers" />,
      numeric: true,
      cell: (group) => group.customerCount,
    },
  ];
  if (owner)
    columns.push({
      key: 'actions',
      header: <FormattedMessage id="backoffice.groups.actions" defaultMessage="Actions" />,
      cell: (group) => (
        <span className="bo-action-row">
          <Button variant="secondary" onClick={() => onEdit(group)}>
            <FormattedMessage
              id="backoffice.groups.edit"
              defaultMessage="Change {name}"
              values={{ name: group.code }}
            />
          </Button>
          {!group.builtIn && (
            <Button variant="ghost" busy={deleting === group.id} onClick={() => onDelete(group)}>
              <FormattedMessage
                id="backoffice.groups.delete"
                defaultMessage="Delete {name}"
                values={{ name: group.code }}
              />
            </Button>
          )}
        </span>
      ),
    });
  return (
    <section className="bo-card" aria-label={title}>
      <DataTable<Group> caption={title} rows={groups} rowKey={(group) => group.id} columns={columns} />
    </section>
  );
}
