import { useApolloClient, useQuery } from '@apollo/client/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { accountMessages } from './accountMessages';
import { AccountUpdateMutation } from './accountMutations';
import { AccountCustomerQuery } from './accountQueries';
import { AccountLoadError, AccountSkeleton } from './AccountStatus';
import { FormAlert } from './FormAlert';
import { useFormAction } from './useFormAction';
import styles from './AccountForms.module.css';

export function NewsletterPreference() {
  const { data, error } = useQuery(AccountCustomerQuery, { fetchPolicy: 'cache-first' });
  const customer = data?.customer;
  if (!customer) return error ? <AccountLoadError message={describeError(error).message} /> : <AccountSkeleton />;
  return <NewsletterForm subscribed={Boolean(customer.is_subscribed)} />;
}

function NewsletterForm({ subscribed }: { subscribed: boolean }) {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const [checked, setChecked] = useState(subscribed);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const ok = await action.run(async () => {
      await client.mutate({ mutation: AccountUpdateMutation, variables: { input: { is_subscribed: checked } } });
    });
    setSaved(ok);
  }

  return (
    <>
      <h1>
        <FormattedMessage id="account.newsletter.title" defaultMessage="Newsletter" />
      </h1>
      <form onSubmit={submit} className={styles.form}>
        <FormAlert message={action.error} />
        <p role="status" className={saved ? styles.success : 'visually-hidden'}>
          {saved
            ? checked
              ? intl.formatMessage({
                  id: 'account.newsletter.subscribed',
                  defaultMessage: 'You are subscribed to our newsletter.',
                })
              : intl.formatMessage({
                  id: 'account.newsletter.unsubscribed',
                  defaultMessage: 'You are no longer subscribed.',
                })
            : ''}
        </p>
        <label className={styles.check}>
          <input
            type="checkbox"
            name="is_subscribed"
            checked={checked}
            onChange={(event) => setChecked(event.target.checked)}
          />
          {intl.formatMessage({
            id: 'account.newsletter.label',
            defaultMessage: 'Send me the newsletter with new products and offers',
          })}
        </label>
        <div className={styles.actions}>
          <Button type="submit" busy={action.busy}>
            {intl.formatMessage(accountMessages.save)}
          </Button>
        </div>
      </form>
    </>
  );
}
