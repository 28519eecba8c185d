import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import type { CustomerGroupRowFragment as Group } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';

// Adds a customer group, or renames one and sets its tax class (the owner's). The server checks
// the name (unique, at most 32 characters) and the class again.

graphql(`
  fragment CustomerGroupRow on CustomerGroup {
    id
    code
    taxClassId
    taxClassName
    builtIn
    customerCount
  }
`);

const CreateGroupMutation = graphql(`
  mutation CreateCustomerGroup($input: CustomerGroupInput!) {
    createCustomerGroup(input: $input) {
      ...CustomerGroupRow
    }
  }
`);

const UpdateGroupMutation = graphql(`
  mutation UpdateCustomerGroup($id: ID!, $input: CustomerGroupInput!) {
    updateCustomerGroup(id: $id, input: $input) {
      ...CustomerGroupRow
    }
  }
`);

/** Magento's customer_group_code length. */
const MAX_CODE = 32;

export function GroupForm({
  group,
  taxClasses,
  onSaved,
}: {
  /** Absent for a new group. */
  group?: Group;
  taxClasses: Array<{ value: string; label: string }>;
  onSaved: (group: Group) => void;
}) {
  const intl = useIntl();
  const [code, setCode] = useState(group?.code ?? '');
  const [taxClassId, setTaxClassId] = useState(group?.taxClassId ?? taxClasses[0]?.value ?? '3');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = code.trim();
    const problem = !name
      ? intl.formatMessage(fieldMessages.required)
      : [...name].length > MAX_CODE
        ? intl.formatMessage(
            { id: 'backoffice.groups.codeTooLong', defaultMessage: 'At most {max} characters.' },
            { max: MAX_CODE },
          )
        : undefined;
    setInvalid(problem);
    if (problem) return;
    setRunning(true);
    setError(null);
    try {
      const input = { code: name, taxClassId };
      const saved = group
        ? (await request(UpdateGroupMutation, { id: group.id, input })).updateCustomerGroup
        : (await request(CreateGroupMutation, { input })).createCustomerGroup;
      onSaved(saved);
      if (!group) setCode('');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <div className="bo-form-row">
        <Field
          label={intl.formatMessage({ id: 'backoffice.groups.code', defaultMessage: 'Group name' })}
          name="code"
          autoComplete="off"
          required
          value={code}
          error={invalid}
          onChange={(event) => setCode(event.target.value)}
        />
        <Select
          label={intl.formatMessage({ id: 'backoffice.groups.taxClass', defaultMessage: 'Tax class' })}
          name="taxClassId"
          options={taxClasses}
          value={taxClassId}
          onChange={(event) => setTaxClassId(event.target.value)}
        />
      </div>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={running}>
        {group ? (
          <FormattedMessage id="backoffice.groups.save" defaultMessage="Save the group" />
        ) : (
          <FormattedMessage id="backoffice.groups.add" defaultMessage="Add the group" />
        )}
      </Button>
    </form>
  );
}
