import { graphql } from '../../__generated__';
import { useQuery } from '../../api/useQuery';

// The customer groups a customer can be put in: every group but NOT LOGGED IN (0), which is guests'.

const GroupChoicesQuery = graphql(`
  query CustomerGroupChoices {
    customerGroups {
      id
      code
    }
  }
`);

export const GUEST_GROUP_ID = '0';

export function useCustomerGroupChoices(): { options: Array<{ value: string; label: string }>; loading: boolean } {
  const { data, loading } = useQuery(GroupChoicesQuery, {});
  return {
    options: (data?.customerGroups ?? [])
      .filter((g) => g.id !== GUEST_GROUP_ID)
      .map((g) => ({ value: g.id, label: g.code })),
    loading,
  };
}
