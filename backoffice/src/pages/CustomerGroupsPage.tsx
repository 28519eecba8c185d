import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { CustomerGroupRowFragment as Group } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { messageOf } from '../common/errorText';
import { PageHeading } from '../common/PageHeading';
import { ErrorMessage, Loading } from '../common/ui';
import { GroupForm } from './customerGroups/GroupForm';
import { GroupsTable } from './customerGroups/GroupsTable';
import { TaxClassForm } from './customerGroups/TaxClassForm';

// Customer groups (Magento's): who gets which tier prices, and the tax class their tax is computed
// with. Everyone reads them; the owner adds, renames, re-classes and deletes (never the four
// built-in groups, nor a group with customers or tier prices: the server says which).

const GroupsQuery = graphql(`
  query CustomerGroups {
    customerGroups {
      ...CustomerGroupRow
    }
    customerTaxClasses {
      id
      name
      taxed
    }
  }
`);

const DeleteGroupMutation = graphql(`
  mutation DeleteCustomerGroup($id: ID!) {
    deleteCustomerGroup(id: $id)
  }
`);

export function CustomerGroupsPage() {
  const intl = useIntl();
  const toast = useToast();
  const me = useStaff();
  const owner = me.role === 'OWNER';
  const { data, error, loading, refetch } = useQuery(GroupsQuery, {});
  const [editing, setEditing] = useState<Group | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const title = intl.formatMessage({ id: 'backoffice.groups.title', defaultMessage: 'Customer groups' });
  const taxClasses = (data?.customerTaxClasses ?? []).map((c) => ({
    value: c.id,
    label: c.taxed
      ? c.name
      : intl.formatMessage({ id: 'backoffice.groups.untaxed', defaultMessage: '{name} (no tax)' }, { name: c.name }),
  }));
  const saved = (group: Group, verb: 'added' | 'saved') => {
    setEditing(null);
    refetch();
    toast.show(
      verb === 'added'
        ? intl.formatMessage(
            { id: 'backoffice.groups.added', defaultMessage: '{name} is added.' },
            { name: group.code },
          )
        : intl.formatMessage(
            { id: 'backoffice.groups.saved', defaultMessage: '{name} is saved.' },
            { name: group.code },
          ),
      { tone: 'success' },
    );
  };
  const remove = async (group: Group) => {
    setDeleting(group.id);
    setDeleteError(null);
    try {
      await request(DeleteGroupMutation, { id: group.id });
      refetch();
      toast.show(
        intl.formatMessage(
          { id: 'backoffice.groups.deleted', defaultMessage: '{name} is deleted.' },
          { name: group.code },
        ),
        { tone: 'success' },
      );
    } catch (caught) {
      setDeleteError(messageOf(caught));
    } finally {
      setDeleting(null);
    }
  };
  return (
    <>
      <p className="bo-back">
        <Link to="/customers">
          <Icon icon={ArrowLeft} size={18} />
          <FormattedMessage id="backoffice.customer.all" defaultMessage="All customers" />
        </Link>
      </p>
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.groups.loading', defaultMessage: 'Loading the groups…' })}
        />
      )}
      {!owner && (
        <p className="bo-notice">
          <FormattedMessage
            id="backoffice.groups.readOnly"
            defaultMessage="Only the shop's owner can add, change or delete customer groups."
          />
        </p>
      )}
      {deleteError && (
        <p className="bo-inline-error" role="alert">
          {deleteError}
        </p>
      )}
      {data && (
        <GroupsTable
          title={title}
          groups={data.customerGroups}
          owner={owner}
          deleting={deleting}
          onEdit={setEditing}
          onDelete={(group) => void remove(group)}
        />
      )}
      {owner && data && (
        <>
          <section className="bo-card" aria-labelledby="group-add">
            <h2 id="group-add">
              <FormattedMessage id="backoffice.groups.addTitle" defaultMessage="Add a customer group" />
            </h2>
            <GroupForm taxClasses={taxClasses} onSaved={(group) => saved(group, 'added')} />
          </section>
          <TaxClassForm onCreated={refetch} />
        </>
      )}
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={intl.formatMessage(
          { id: 'backoffice.groups.editTitle', defaultMessage: 'Change {name}' },
          { name: editing?.code ?? '' },
        )}
      >
        {editing && (
          <GroupForm
            key={editing.id}
            group={editing}
            taxClasses={taxClasses}
            onSaved={(group) => saved(group, 'saved')}
          />
        )}
      </Modal>
    </>
  );
}
