import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { AdminCustomerFieldsFragment as Customer } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { useCustomerGroupChoices } from './customerGroupChoices';
import { CustomerNameFields, nameProblems, type NameProblems } from './CustomerNameFields';

// Staff change a customer's name, e-mail and group, and send the storefront's password reset
// mail. A password is never shown nor set here.

const UpdateCustomerMutation = graphql(`
  mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {
    updateCustomer(id: $id, input: $input) {
      ...AdminCustomerFields
    }
  }
`);

const SendResetMutation = graphql(`
  mutation SendCustomerPasswordReset($id: ID!) {
    sendCustomerPasswordReset(id: $id)
  }
`);

export function CustomerEditForm({ customer, onChange }: { customer: Customer; onChange: (next: Customer) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const groups = useCustomerGroupChoices();
  const [draft, setDraft] = useState({
    firstname: customer.firstname,
    lastname: customer.lastname,
    email: customer.email,
    groupId: customer.groupId,
  });
  const [invalid, setInvalid] = useState<NameProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [sending, setSending] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problems = nameProblems(intl, draft);
    setInvalid(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setError(null);
    try {
      const next = (await request(UpdateCustomerMutation, { id: customer.id, input: { ...draft } })).updateCustomer;
      onChange(next);
      toast.show(intl.formatMessage({ id: 'backoffice.customer.saved', defaultMessage: 'The account is saved.' }), {
        tone: 'success',
      });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };

  const sendReset = async () => {
    setSending(true);
    setError(null);
    try {
      await request(SendResetMutation, { id: customer.id });
      toast.show(
        intl.formatMessage(
          { id: 'backoffice.customer.resetSent', defaultMessage: 'A link to set a new password went to {email}.' },
          { email: customer.email },
        ),
        { tone: 'success' },
      );
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} aria-labelledby="customer-edit" noValidate>
      <h3 id="customer-edit">
        <FormattedMessage id="backoffice.customer.editTitle" defaultMessage="Edit the account" />
      </h3>
      <div className="bo-form-row">
        <CustomerNameFields draft={draft} problems={invalid} onChange={setDraft} />
        <Select
          label={intl.formatMessage({ id: 'backoffice.customer.group', defaultMessage: 'Customer group' })}
          name="groupId"
          options={
            groups.options.length > 0 ? groups.options : [{ value: customer.groupId, label: customer.groupName }]
          }
          value={draft.groupId}
          onChange={(event) => setDraft({ ...draft, groupId: event.target.value })}
        />
      </div>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <div className="bo-action-row">
        <Button type="submit" busy={saving}>
          <FormattedMessage id="backoffice.customer.save" defaultMessage="Save the account" />
        </Button>
        <Button variant="secondary" busy={sending} onClick={() => void sendReset()}>
          <FormattedMessage id="backoffice.customer.sendReset" defaultMessage="Send a password reset e-mail" />
        </Button>
      </div>
    </form>
  );
}
