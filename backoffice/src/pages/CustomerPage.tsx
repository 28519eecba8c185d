import { ArrowLeft } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import type { AdminCustomerFieldsFragment } from '../__generated__/graphql';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatDateTime, formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { AccountBadge } from './CustomersPage';
import { CustomerAddresses } from './customer/CustomerAddresses';
import { CustomerCart } from './customer/CustomerCart';
import { CustomerEditForm } from './customer/CustomerEditForm';
import { CustomerOrders } from './customer/CustomerOrders';
import { LockActions } from './customer/LockActions';

graphql(`
  fragment AdminCustomerFields on AdminCustomer {
    id
    name
    firstname
    lastname
    groupId
    groupName
    activeCart {
      updatedAt
      lines {
        sku
        name
        quantity
        unitPrice {
          value
          currency
        }
        rowTotal {
          value
          currency
        }
      }
      subtotal {
        value
        currency
      }
    }
    email
    createdAt
    locked
    lockedUntil
    orderCount
    lifetimeTotal {
      value
      currency
    }
    addresses {
      id
      lines
      defaultBilling
      defaultShipping
    }
    orders {
      number
      status
      createdAt
      itemCount
      grandTotal {
        value
        currency
      }
    }
  }
`);

const CustomerQuery = graphql(`
  query Customer($id: ID!) {
    customer(id: $id) {
      ...AdminCustomerFields
    }
  }
`);

type Customer = AdminCustomerFieldsFragment;

/** A lock by staff has no end (9999-12-31); a lock after failed sign-ins runs out by itself. */
const ENDLESS = '9999';

export function CustomerPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CustomerQuery, { id });
  const customer = data?.customer;
  const title = customer
    ? customer.name || customer.email
    : intl.formatMessage({ id: 'backoffice.customer.title', defaultMessage: 'Customer' });
  return (
    <>
      <p className="bo-back">
        <Link to="/customers">
          <Icon icon={ArrowLeft} size={18} />
          <FormattedMessage id="backoffice.customer.all" defaultMessage="All customers" />
        </Link>
      </p>
      <PageHeading title={title}>
        {title} {customer && <AccountBadge locked={customer.locked} />}
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.customer.loading', defaultMessage: 'Loading the customer…' })}
        />
      )}
      {data && !customer && (
        <EmptyState>
          <FormattedMessage
            id="backoffice.customer.missing"
            defaultMessage="There is no such customer account. Find the customer in the list."
          />
        </EmptyState>
      )}
      {customer && <CustomerDetails customer={customer} onChange={(next) => setData({ customer: next })} />}
    </>
  );
}

function CustomerDetails({ customer, onChange }: { customer: Customer; onChange: (customer: Customer) => void }) {
  const intl = useIntl();
  const me = useStaff();
  return (
    <div className="bo-order">
      <section aria-labelledby="customer-account" className="bo-card">
        <h2 id="customer-account">
          <FormattedMessage id="backoffice.customer.account" defaultMessage="Account" />
        </h2>
        <dl className="bo-totals">
          <dt>
            <FormattedMessage id="backoffice.customer.email" defaultMessage="E-mail" />
          </dt>
          <dd>
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </dd>
          <dt>
            <FormattedMessage id="backoffice.customer.group" defaultMessage="Customer group" />
          </dt>
          <dd>{customer.groupName}</dd>
          <dt>
            <FormattedMessage id="backoffice.customer.since" defaultMessage="Customer since" />
          </dt>
          <dd>{formatDateTime(intl, customer.createdAt)}</dd>
          <dt>
            <FormattedMessage id="backoffice.customer.orderCount" defaultMessage="Orders" />
          </dt>
          <dd>{customer.orderCount}</dd>
          <dt>
            <FormattedMessage id="backoffice.customer.lifetimeTotal" defaultMessage="Lifetime total" />
          </dt>
          <dd>{formatMoney(intl, customer.lifetimeTotal)}</dd>
          <dt>
            <FormattedMessage id="backoffice.customer.signIn" defaultMessage="Sign-in" />
          </dt>
          <dd>
            {!customer.locked ? (
              <FormattedMessage id="backoffice.customer.signInAllowed" defaultMessage="Allowed" />
            ) : customer.lockedUntil && !customer.lockedUntil.startsWith(ENDLESS) ? (
              <FormattedMessage
                id="backoffice.customer.lockedUntil"
                defaultMessage="Locked after failed sign-ins until {until}"
                values={{ until: formatDateTime(intl, customer.lockedUntil) }}
              />
            ) : (
              <FormattedMessage id="backoffice.customer.lockedByStaff" defaultMessage="Locked by staff" />
            )}
          </dd>
        </dl>
        {me.role === 'VIEWER' ? (
          <p className="bo-notice">
            <FormattedMessage
              id="backoffice.customer.readOnly"
              defaultMessage="Your role can read customer accounts but not change them."
            />
          </p>
        ) : (
          <>
            <LockActions customer={customer} onChange={onChange} />
            <CustomerEditForm key={customer.id} customer={customer} onChange={onChange} />
          </>
        )}
      </section>

      <CustomerCart cart={customer.activeCart} />

      <CustomerAddresses addresses={customer.addresses} />
      <CustomerOrders customer={customer} />
    </div>
  );
}
