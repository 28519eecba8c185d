import { useQuery } from '@apollo/client/react';
import { AccountSessionConfigQuery } from './accountQueries';
import { passwordRulesFrom, type PasswordRules } from './passwordRules';

/** The shop's password rule; Magento's default until the configuration has loaded. */
export function usePasswordRules(): PasswordRules {
  const { data } = useQuery(AccountSessionConfigQuery, { fetchPolicy: 'cache-first' });
  return passwordRulesFrom(data?.storeConfig);
}
