import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { StaffMemberRowFragment as Member, StaffRole } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { looksLikeEmailAddress } from '../../common/emailAddress';
import { messageOf } from '../../common/errorText';
import { roleLabel } from '../../common/format';

const CreateStaffMemberMutation = graphql(`
  mutation CreateStaffMember($input: StaffMemberInput!) {
    createStaffMember(input: $input) {
      ...StaffMemberRow
    }
  }
`);

/** As the server checks it (domains/staff/staffService.ts). */
const MIN_PASSWORD = 12;
const ROLES: StaffRole[] = ['VIEWER', 'STAFF', 'OWNER'];

const EMPTY = { email: '', name: '', role: 'VIEWER' as StaffRole, password: '' };

export function CreateStaffForm({ onCreated }: { onCreated: (member: Member) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [draft, setDraft] = useState(EMPTY);
  const [invalid, setInvalid] = useState<{ email?: string; name?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const email = draft.email.trim();
    const problems = {
      email: looksLikeEmailAddress(email)
        ? undefined
        : intl.formatMessage({
            id: 'backoffice.staff.emailInvalid',
            defaultMessage: 'Enter an e-mail address such as name@example.com.',
          }),
      name: draft.name.trim()
        ? undefined
        : intl.formatMessage({ id: 'backoffice.staff.nameMissing', defaultMessage: 'Enter the name.' }),
      password:
        [...draft.password].length >= MIN_PASSWORD
          ? undefined
          : intl.formatMessage(
              { id: 'backoffice.staff.passwordShort', defaultMessage: 'The password needs at least {min} characters.' },
              { min: MIN_PASSWORD },
            ),
    };
    setInvalid(problems);
    if (problems.email || problems.name || problems.password) return;
    setRunning(true);
    setError(null);
    try {
      const created = (
        await request(CreateStaffMemberMutation, {
          input: { email, name: draft.name.trim(), role: draft.role, password: draft.password },
        })
      ).createStaffMember;
      onCreated(created);
      setDraft(EMPTY);
      toast.show(
        intl.formatMessage(
          { id: 'backoffice.staff.created', defaultMessage: '{email} can now sign in as {role}.' },
          { email: created.email, role: roleLabel(intl, created.role) },
        ),
        { tone: 'success' },
      );
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  return (
    <form className="bo-card" onSubmit={(event) => void submit(event)} aria-labelledby="staff-create" noValidate>
      <h2 id="staff-create">
        <FormattedMessage id="backoffice.staff.createTitle" defaultMessage="Add a staff account" />
      </h2>
      <div className="bo-form-row">
        <Field
          label={intl.formatMessage({ id: 'backoffice.staff.email', defaultMessage: 'E-mail' })}
          type="email"
          name="email"
          autoComplete="off"
          required
          value={draft.email}
          error={invalid.email}
          onChange={(event) => setDraft({ ...draft, email: event.target.value })}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.staff.name', defaultMessage: 'Name' })}
          name="name"
          autoComplete="off"
          required
          value={draft.name}
          error={invalid.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <Select
          label={intl.formatMessage({ id: 'backoffice.staff.role', defaultMessage: 'Role' })}
          name="role"
          options={ROLES.map((value) => ({ value, label: roleLabel(intl, value) }))}
          value={draft.role}
          onChange={(event) => setDraft({ ...draft, role: event.target.value as StaffRole })}
        />
        <Field
          label={intl.formatMessage({ id: 'backoffice.staff.password', defaultMessage: 'Password' })}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={intl.formatMessage(
            {
              id: 'backoffice.staff.passwordHint',
              defaultMessage: 'At least {min} characters. Give it to the person in a safe way.',
            },
            { min: MIN_PASSWORD },
          )}
          value={draft.password}
          error={invalid.password}
          onChange={(event) => setDraft({ ...draft, password: event.target.value })}
        />
      </div>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={running}>
        <FormattedMessage id="backoffice.staff.create" defaultMessage="Add account" />
      </Button>
    </form>
  );
}
