import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import type { StaffMemberRowFragment as Member, StaffRole } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { formatDateTime, roleLabel } from '../../common/format';
import { useT } from '../../common/useT';
import { stm } from './staffMessages';

// An owner's controls for another member: their role (the member's next request obeys it) and a
// password reset, which signs them out and gives a one-time link to hand over.

const SetStaffMemberRoleMutation = graphql(`
  mutation SetStaffMemberRole($id: ID!, $role: StaffRole!) {
    setStaffMemberRole(id: $id, role: $role) {
      ...StaffMemberRow
    }
  }
`);

const ResetStaffMemberPasswordMutation = graphql(`
  mutation ResetStaffMemberPassword($id: ID!) {
    resetStaffMemberPassword(id: $id) {
      path
      expiresAt
    }
  }
`);

const ROLES: readonly StaffRole[] = ['OWNER', 'STAFF', 'VIEWER'];

export function StaffMemberControls({ member, onChange }: { member: Member; onChange: (member: Member) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const t = useT();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [busy, setBusy] = useState<'role' | 'reset' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const run = async (what: 'role' | 'reset', action: () => Promise<void>) => {
    if (busy) return;
    setBusy(what);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(null);
    }
  };
  const changeRole = () =>
    run('role', async () => {
      const next = (await request(SetStaffMemberRoleMutation, { id: member.id, role })).setStaffMemberRole;
      onChange(next);
      toast.show(t(stm.roleChanged, { email: next.email, role: roleLabel(intl, next.role) }), {
        tone: 'success',
      });
    });
  const reset = () =>
    run('reset', async () => {
      const answer = (await request(ResetStaffMemberPasswordMutation, { id: member.id })).resetStaffMemberPassword;
      setLink({ url: `${window.location.origin}${answer.path}`, expiresAt: answer.expiresAt });
    });
  return (
    <div>
      <div className="bo-action-row">
        <Select
          label={t(stm.roleFor, { email: member.email })}
          value={role}
          options={ROLES.map((value) => ({ value, label: roleLabel(intl, value) }))}
          onChange={(event) => setRole(event.target.value as StaffRole)}
        />
        <Button
          variant="secondary"
          busy={busy === 'role'}
          disabled={role === member.role || (busy !== null && busy !== 'role')}
          aria-label={t(stm.changeRoleFor, { email: member.email })}
          onClick={() => void changeRole()}
        >
          {t(stm.changeRole)}
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'reset'}
          disabled={busy !== null && busy !== 'reset'}
          aria-label={t(stm.resetPasswordFor, { email: member.email })}
          onClick={() => void reset()}
        >
          {t(stm.resetPassword)}
        </Button>
      </div>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      {link && (
        <p role="status">
          {t(stm.resetDone, { email: member.email, expires: formatDateTime(intl, link.expiresAt) })}{' '}
          <code className="bo-block">{link.url}</code>
        </p>
      )}
    </div>
  );
}
