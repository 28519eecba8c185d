import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminCustomerFieldsFragment } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatDateTime, formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading, StatusBadge } from '../common/ui';
import { AccountBadge } from './CustomersPage';
import { messageOf } from '../common/errorText';

graphql(`
  fragment AdminCustomerFields on AdminCustomer {
    id
    name
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

const LockMutation = graphql(`
  mutation LockCustomer($id: ID!) {
    lockCustomer(id: $id) {
      ...AdminCustomerFields
    }
  }
`);

const UnlockMutation = graphql(`
  mutation UnlockCustomer($id: ID!) {
    unlockCustomer(id: $id) {
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
              defaultMessage="Your role can read customer accounts but not lock or unlock them."
            />
          </p>
        ) : (
          <LockActions customer={customer} onChange={onChange} />
        )}
      </section>

      <section aria-labelledby="customer-addresses" className="bo-card">
        <h2 id="customer-addresses">
          <FormattedMessage id="backoffice.customer.addresses" defaultMessage="Address book" />
        </h2>
        {customer.addresses.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="backoffice.customer.noAddresses" defaultMessage="No saved addresses." />
          </EmptyState>
        ) : (
          <ul className="bo-list bo-grid-2">
            {customer.addresses.map((address) => (
              <li key={address.id}>
                <address className="bo-address">
                  {address.lines.map((line, index) => (
                    <span key={index} className="bo-block">
                      {line}
                    </span>
                  ))}
                </address>
                {(address.defaultBilling || address.defaultShipping) && (
                  <p className="bo-muted">
                    {address.defaultBilling && address.defaultShipping ? (
                      <FormattedMessage
                        id="backoffice.customer.defaultBoth"
                        defaultMessage="Default billing and shipping address"
                      />
                    ) : address.defaultBilling ? (
                      <FormattedMessage
                        id="backoffice.customer.defaultBilling"
                        defaultMessage="Default billing address"
                      />
                    ) : (
                      <FormattedMessage
                        id="backoffice.customer.defaultShipping"
                        defaultMessage="Default shipping address"
                      />
                    )}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="customer-orders" className="bo-card">
        <h2 id="customer-orders">
          <FormattedMessage id="backoffice.customer.orders" defaultMessage="Orders" />
        </h2>
        {customer.orders.length === 0 ? (
          <EmptyState>
            <FormattedMessage id="backoffice.orders.none" defaultMessage="No orders yet." />
          </EmptyState>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="visually-hidden">
                {customer.orderCount > customer.orders.length ? (
                  <FormattedMessage
                    id="backoffice.customer.ordersCaptionSome"
                    defaultMessage="The newest {shown} of {count} orders"
                    values={{ shown: customer.orders.length, count: customer.orderCount }}
                  />
                ) : (
                  <FormattedMessage id="backoffice.customer.ordersCaption" defaultMessage="Orders, newest first" />
                )}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="backoffice.orders.column.order" defaultMessage="Order" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="backoffice.orders.column.placed" defaultMessage="Placed" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="backoffice.orders.status" defaultMessage="Status" />
                  </th>
                  <th scope="col" className="bo-num">
                    <FormattedMessage id="backoffice.orders.column.items" defaultMessage="Items" />
                  </th>
                  <th scope="col" className="bo-num">
                    <FormattedMessage id="backoffice.orders.column.total" defaultMessage="Total" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((order) => (
                  <tr key={order.number}>
                    <th scope="row">
                      <Link to={`/orders/${encodeURIComponent(order.number)}`}>{order.number}</Link>
                    </th>
                    <td>{formatDateTime(intl, order.createdAt)}</td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                    <td className="bo-num">{order.itemCount}</td>
                    <td className="bo-num">{formatMoney(intl, order.grandTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {customer.orderCount > customer.orders.length && (
          <p className="bo-muted">
            <FormattedMessage
              id="backoffice.customer.ordersShown"
              defaultMessage="The newest {shown} of {count} orders are shown."
              values={{ shown: customer.orders.length, count: customer.orderCount }}
            />{' '}
            <Link to={`/orders?q=${encodeURIComponent(customer.email)}`}>
              <FormattedMessage
                id="backoffice.customer.allOrders"
                defaultMessage="All orders with this e-mail address"
              />
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

/** Lock (after a confirmation) or unlock; one request at a time. */
function LockActions({ customer, onChange }: { customer: Customer; onChange: (customer: Customer) => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (lock: boolean) => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      const next = lock
        ? (await request(LockMutation, { id: customer.id })).lockCustomer
        : (await request(UnlockMutation, { id: customer.id })).unlockCustomer;
      onChange(next);
      setConfirming(false);
      toast.show(
        lock
          ? intl.formatMessage(
              { id: 'backoffice.customer.lockedToast', defaultMessage: '{email} is locked.' },
              { email: customer.email },
            )
          : intl.formatMessage(
              { id: 'backoffice.customer.unlockedToast', defaultMessage: '{email} can sign in again.' },
              { email: customer.email },
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
    <div className="bo-action">
      {customer.locked ? (
        <Button busy={running} onClick={() => void run(false)}>
          <FormattedMessage id="backoffice.customer.unlock" defaultMessage="Unlock account" />
        </Button>
      ) : (
        <Button variant="secondary" disabled={running} onClick={() => setConfirming(true)}>
          <FormattedMessage id="backoffice.customer.lock" defaultMessage="Lock account" />
        </Button>
      )}
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage(
          { id: 'backoffice.customer.lockTitle', defaultMessage: 'Lock {email}?' },
          { email: customer.email },
        )}
      >
        <p>
          <FormattedMessage
            id="backoffice.customer.lockText"
            defaultMessage="The customer is signed out everywhere at once and cannot sign in until the account is unlocked. Their orders and addresses stay as they are."
          />
        </p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running} onClick={() => void run(true)}>
            <FormattedMessage id="backoffice.customer.lockConfirm" defaultMessage="Yes, lock the account" />
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => setConfirming(false)}>
            <FormattedMessage id="backoffice.customer.lockCancel" defaultMessage="Keep it open" />
          </Button>
        </div>
      </Modal>
    </div>
  );
}
