import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { StaffMemberRowFragment as Member } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { messageOf } from '../../common/errorText';
import { roleLabel } from '../../common/format';
import { type Column, DataTable } from '../../common/list/DataTable';
import { StateBadge } from '../../common/ui';
import { StaffMemberControls } from './StaffMemberControls';

const SetStaffMemberActiveMutation = graphql(`
  mutation SetStaffMemberActive($id: ID!, $active: Boolean!) {
    setStaffMemberActive(id: $id, active: $active) {
      ...StaffMemberRow
    }
  }
`);

/** Switching an account off or on again, one at a time; the error stays beside the row it is about. */
function useSwitchAccount(onChange: (member: Member) => void) {
  const intl = useIntl();
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
  return { running, error, toggle };
}

function SwitchButton({ member, switcher }: { member: Member; switcher: ReturnType<typeof useSwitchAccount> }) {
  const intl = useIntl();
  const me = useStaff();
  const { running, error, toggle } = switcher;
  if (member.id === me.id)
    return (
      <span className="bo-muted">
        <FormattedMessage id="backoffice.staff.you" defaultMessage="You" />
      </span>
    );
  return (
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
  );
}

export function StaffTable({ members, onChange }: { members: readonly Member[]; onChange: (member: Member) => void }) {
  const intl = useIntl();
  const switcher = useSwitchAccount(onChange);
  const me = useStaff();
  const columns: Column<Member>[] = [
    {
      key: 'name',
      header: <FormattedMessage id="backoffice.staff.name" defaultMessage="Name" />,
      rowHeader: true,
      cell: (member) => member.name,
    },
    {
      key: 'email',
      header: <FormattedMessage id="backoffice.staff.email" defaultMessage="E-mail" />,
      cell: (member) => member.email,
    },
    {
      key: 'role',
      header: <FormattedMessage id="backoffice.staff.role" defaultMessage="Role" />,
      cell: (member) => roleLabel(intl, member.role),
    },
    {
      key: 'secondFactor',
      header: <FormattedMessage id="backoffice.staff.secondFactor" defaultMessage="Second factor" />,
      cell: (member) =>
        member.secondFactorEnabled ? (
          <FormattedMessage id="backoffice.staff.secondFactorOn" defaultMessage="On" />
        ) : (
          <FormattedMessage id="backoffice.staff.secondFactorOff" defaultMessage="Off" />
        ),
    },
    {
      key: 'account',
      header: <FormattedMessage id="backoffice.staff.account" defaultMessage="Account" />,
      cell: (member) => (
        <StateBadge on={member.active}>
          {member.active ? (
            <FormattedMessage id="backoffice.staff.active" defaultMessage="Active" />
          ) : (
            <FormattedMessage id="backoffice.staff.inactive" defaultMessage="Switched off" />
          )}
        </StateBadge>
      ),
    },
    {
      key: 'actions',
      header: (
        <span className="visually-hidden">
          <FormattedMessage id="backoffice.staff.actions" defaultMessage="Actions" />
        </span>
      ),
      cell: (member) => (
        <>
          <SwitchButton member={member} switcher={switcher} />
          {member.id !== me.id && <StaffMemberControls member={member} onChange={onChange} />}
        </>
      ),
    },
  ];
  return (
    <DataTable
      caption={<FormattedMessage id="backoffice.staff.caption" defaultMessage="Staff accounts" />}
      columns={columns}
      rows={members}
      rowKey={(member) => member.id}
    />
  );
}
