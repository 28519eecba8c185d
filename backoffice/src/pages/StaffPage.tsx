import { FormattedMessage, useIntl } from 'react-intl';
import { graphql } from '../__generated__';
import type { StaffMemberRowFragment } from '../__generated__/graphql';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { CreateStaffForm } from './staff/CreateStaffForm';
import { StaffTable } from './staff/StaffTable';

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

type Member = StaffMemberRowFragment;

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
