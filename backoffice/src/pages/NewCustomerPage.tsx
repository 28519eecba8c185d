import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { useQuery } from '../api/useQuery';
import { messageOf } from '../common/errorText';
import { PageHeading } from '../common/PageHeading';
import { useCustomerGroupChoices } from './customer/customerGroupChoices';
import { CustomerNameFields, nameProblems, type NameProblems } from './customer/CustomerNameFields';

// A customer account made by staff (a customer on the phone, a wholesale buyer): no password here;
// the customer gets a welcome e-mail with a link to set one.

const StoreChoicesQuery = graphql(`
  query NewCustomerStores {
    storeViews {
      stores {
        id
        name
      }
    }
  }
`);

const CreateCustomerMutation = graphql(`
  mutation CreateCustomer($input: NewCustomerInput!) {
    createCustomer(input: $input) {
      id
      email
    }
  }
`);

/** General, as Magento's default group for new accounts. */
const DEFAULT_GROUP = '1';

export function NewCustomerPage() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const groups = useCustomerGroupChoices();
  const stores = useQuery(StoreChoicesQuery, {});
  const storeOptions = (stores.data?.storeViews.stores ?? []).map((s) => ({ value: s.id, label: s.name }));
  const [draft, setDraft] = useState({
    firstname: '',
    lastname: '',
    email: '',
    groupId: DEFAULT_GROUP,
    storeViewId: '',
  });
  const [invalid, setInvalid] = useState<NameProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const title = intl.formatMessage({ id: 'backoffice.newCustomer.title', defaultMessage: 'New customer' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = nameProblems(intl, draft);
    setInvalid(problems);
    if (Object.keys(problems).length > 0) return;
    setRunning(true);
    setError(null);
    try {
      const created = (
        await request(CreateCustomerMutation, {
          input: { ...draft, storeViewId: draft.storeViewId || (storeOptions[0]?.value ?? '1') },
        })
      ).createCustomer;
      toast.show(
        intl.formatMessage(
          {
            id: 'backoffice.newCustomer.created',
            defaultMessage: 'The account is made; {email} got an e-mail to set a password.',
          },
          { email: created.email },
        ),
        { tone: 'success' },
      );
      void navigate(`/customers/${encodeURIComponent(created.id)}`);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };

  return (
    <>
      <p className="bo-back">
        <Link to="/customers">
          <Icon icon={ArrowLeft} size={18} />
          <FormattedMessage id="backoffice.customer.all" defaultMessage="All customers" />
        </Link>
      </p>
      <PageHeading title={title}>{title}</PageHeading>
      <form className="bo-card" onSubmit={(event) => void submit(event)} aria-label={title} noValidate>
        <div className="bo-form-row">
          <CustomerNameFields draft={draft} problems={invalid} onChange={setDraft} />
          <Select
            label={intl.formatMessage({ id: 'backoffice.customer.group', defaultMessage: 'Customer group' })}
            name="groupId"
            options={groups.options}
            value={draft.groupId}
            onChange={(event) => setDraft({ ...draft, groupId: event.target.value })}
          />
          <Select
            label={intl.formatMessage({ id: 'backoffice.newCustomer.store', defaultMessage: 'Store view' })}
            hint={intl.formatMessage({
              id: 'backoffice.newCustomer.storeHint',
              defaultMessage: "The customer's e-mails come in this store's language.",
            })}
            name="storeViewId"
            options={storeOptions}
            value={draft.storeViewId || (storeOptions[0]?.value ?? '')}
            onChange={(event) => setDraft({ ...draft, storeViewId: event.target.value })}
          />
        </div>
        <p className="bo-muted">
          <FormattedMessage
            id="backoffice.newCustomer.passwordNote"
            defaultMessage="Staff never set a customer's password: the customer gets an e-mail with a link to choose one."
          />
        </p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" busy={running}>
          <FormattedMessage id="backoffice.newCustomer.create" defaultMessage="Create the account" />
        </Button>
      </form>
    </>
  );
}
