import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { StaffMemberRowFragment, StaffRole } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { roleLabel } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { looksLikeEmailAddress } from '../common/emailAddress';
import { messageOf } from '../common/errorText';

graphql(`
  fragment StaffMemberRow on StaffMember {
    id
    email
    name
    role
    secondFactorEnabled
    active
  }
`);

const StaffMembersQuery = graphql(`
  query StaffMembers {
    staffMembers {
      ...StaffMemberRow
    }
  }
`);

const CreateStaffMemberMutation = graphql(`
  mutation CreateStaffMember($input: StaffMemberInput!) {
    createStaffMember(input: $input) {
      ...StaffMemberRow
    }
  }
`);

const SetStaffMemberActiveMutation = graphql(`
  mutation SetStaffMemberActive($id: ID!, $active: Boolean!) {
    setStaffMemberActive(id: $id, active: $active) {
      ...StaffMemberRow
    }
  }
`);

type Member = StaffMemberRowFragment;

/** As the server checks it (domains/staff/staffService.ts). */
const MIN_PASSWORD = 12;
const ROLES: StaffRole[] = ['VIEWER', 'STAFF', 'OWNER'];

export function StaffPage() {
  const intl = useIntl();
  const { data, error, loading, refetch, setData } = useQuery(StaffMembersQuery);
  const members = data?.staffMembers;
  const replace = (member: Member) =>
    setData({
      staffMembers: members?.some((m) => m.id === member.id)
        ? members.map((m) => (m.id === member.id ? member : m))
        : [...(members ?? []), member],
    });
  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.staff.title', defaultMessage: 'Staff' })}>
        <FormattedMessage id="backoffice.staff.title" defaultMessage="Staff" />
      </PageHeading>
      <p className="bo-muted">
        <FormattedMessage
          id="backoffice.staff.intro"
          defaultMessage="Everyone who can sign in to the back office. Only owners see this page."
        />
      </p>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!members && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.staff.loading', defaultMessage: 'Loading staff accounts…' })}
        />
      )}
      {members && members.length === 0 && (
        <EmptyState>
          <FormattedMessage id="backoffice.staff.none" defaultMessage="No staff accounts." />
        </EmptyState>
      )}
      {members && members.length > 0 && <StaffTable members={members} onChange={replace} />}
      <CreateStaffForm onCreated={replace} />
    </>
  );
}

function StaffTable({ members, onChange }: { members: readonly Member[]; onChange: (member: Member) => void }) {
  const intl = useIntl();
  const me = useStaff();
  const toast = useToast();
  const [running, setRunning] = useState<string | null>(null);
  const [error, setError] = useState<{ id: string; message: string } | null>(null);
  const toggle = async (member: Member) => {
    if (running) return;
    setRunning(member.id);
    setError(null);
    try {
      const next = (await request(SetStaffMemberActiveMutation, { id: member.id, active: !member.active }))
        .setStaffMemberActive;
      onChange(next);
      toast.show(
        next.active
          ? intl.formatMessage(
              { id: 'backoffice.staff.switchedOn', defaultMessage: '{email} can sign in again.' },
              { email: next.email },
            )
          : intl.formatMessage(
              { id: 'backoffice.staff.switchedOff', defaultMessage: '{email} is switched off and signed out.' },
              { email: next.email },
            ),
        { tone: 'success' },
      );
    } catch (caught) {
      setError({ id: member.id, message: messageOf(caught) });
    } finally {
      setRunning(null);
    }
  };
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="visually-hidden">
          <FormattedMessage id="backoffice.staff.caption" defaultMessage="Staff accounts" />
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="backoffice.staff.name" defaultMessage="Name" />
            </th>
            <th scope="col">
              <FormattedMessage id="backoffice.staff.email" defaultMessage="E-mail" />
            </th>
            <th scope="col">
              <FormattedMessage id="backoffice.staff.role" defaultMessage="Role" />
            </th>
            <th scope="col">
              <FormattedMessage id="backoffice.staff.secondFactor" defaultMessage="Second factor" />
            </th>
            <th scope="col">
              <FormattedMessage id="backoffice.staff.account" defaultMessage="Account" />
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <FormattedMessage id="backoffice.staff.actions" defaultMessage="Actions" />
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id}>
              <th scope="row">{member.name}</th>
              <td>{member.email}</td>
              <td>{roleLabel(intl, member.role)}</td>
              <td>
                {member.secondFactorEnabled ? (
                  <FormattedMessage id="backoffice.staff.secondFactorOn" defaultMessage="On" />
                ) : (
                  <FormattedMessage id="backoffice.staff.secondFactorOff" defaultMessage="Off" />
                )}
              </td>
              <td>
                <span className={`bo-badge ${member.active ? 'bo-badge-complete' : 'bo-badge-canceled'}`}>
                  {member.active ? (
                    <FormattedMessage id="backoffice.staff.active" defaultMessage="Active" />
                  ) : (
                    <FormattedMessage id="backoffice.staff.inactive" defaultMessage="Switched off" />
                  )}
                </span>
              </td>
              <td>
                {member.id === me.id ? (
                  <span className="bo-muted">
                    <FormattedMessage id="backoffice.staff.you" defaultMessage="You" />
                  </span>
                ) : (
                  <>
                    <Button
                      variant="secondary"
                      busy={running === member.id}
                      disabled={running !== null && running !== member.id}
                      aria-label={
                        member.active
                          ? intl.formatMessage(
                              { id: 'backoffice.staff.switchOffLabel', defaultMessage: 'Switch off {email}' },
                              { email: member.email },
                            )
                          : intl.formatMessage(
                              { id: 'backoffice.staff.switchOnLabel', defaultMessage: 'Switch on {email}' },
                              { email: member.email },
                            )
                      }
                      onClick={() => void toggle(member)}
                    >
                      {member.active ? (
                        <FormattedMessage id="backoffice.staff.switchOff" defaultMessage="Switch off" />
                      ) : (
                        <FormattedMessage id="backoffice.staff.switchOn" defaultMessage="Switch on" />
                      )}
                    </Button>
                    {error?.id === member.id && (
                      <p className="bo-inline-error" role="alert">
                        {error.message}
                      </p>
                    )}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const EMPTY = { email: '', name: '', role: 'VIEWER' as StaffRole, password: '' };

function CreateStaffForm({ onCreated }: { onCreated: (member: Member) => void }) {
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
