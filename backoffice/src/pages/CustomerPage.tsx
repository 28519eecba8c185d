import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminCustomerFieldsFragment } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatDateTime, formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading, StatusBadge } from '../common/ui';
import { AccountBadge } from './CustomersPage';

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

function messageOf(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

export function CustomerPage() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CustomerQuery, { id });
  const customer = data?.customer;
  const title = customer ? customer.name || customer.email : 'Customer';
  return (
    <>
      <p className="bo-back">
        <Link to="/customers">
          <Icon icon={ArrowLeft} size={18} />
          All customers
        </Link>
      </p>
      <PageHeading title={title}>
        {title} {customer && <AccountBadge locked={customer.locked} />}
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the customer…" />}
      {data && !customer && <EmptyState>There is no such customer account. Find the customer in the list.</EmptyState>}
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
        <h2 id="customer-account">Account</h2>
        <dl className="bo-totals">
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </dd>
          <dt>Customer since</dt>
          <dd>{formatDateTime(intl, customer.createdAt)}</dd>
          <dt>Orders</dt>
          <dd>{customer.orderCount}</dd>
          <dt>Lifetime total</dt>
          <dd>{formatMoney(intl, customer.lifetimeTotal)}</dd>
          <dt>Sign-in</dt>
          <dd>
            {!customer.locked
              ? 'Allowed'
              : customer.lockedUntil && !customer.lockedUntil.startsWith(ENDLESS)
                ? `Locked after failed sign-ins until ${formatDateTime(intl, customer.lockedUntil)}`
                : 'Locked by staff'}
          </dd>
        </dl>
        {me.role === 'VIEWER' ? (
          <p className="bo-notice">Your role can read customer accounts but not lock or unlock them.</p>
        ) : (
          <LockActions customer={customer} onChange={onChange} />
        )}
      </section>

      <section aria-labelledby="customer-addresses" className="bo-card">
        <h2 id="customer-addresses">Address book</h2>
        {customer.addresses.length === 0 ? (
          <EmptyState>No saved addresses.</EmptyState>
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
                    {address.defaultBilling && address.defaultShipping
                      ? 'Default billing and shipping address'
                      : address.defaultBilling
                        ? 'Default billing address'
                        : 'Default shipping address'}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="customer-orders" className="bo-card">
        <h2 id="customer-orders">Orders</h2>
        {customer.orders.length === 0 ? (
          <EmptyState>No orders yet.</EmptyState>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table">
              <caption className="visually-hidden">
                {customer.orderCount > customer.orders.length
                  ? `The newest ${customer.orders.length} of ${customer.orderCount} orders`
                  : 'Orders, newest first'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="bo-num">
                    Items
                  </th>
                  <th scope="col" className="bo-num">
                    Total
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
            The newest {customer.orders.length} of {customer.orderCount} orders are shown.{' '}
            <Link to={`/orders?q=${encodeURIComponent(customer.email)}`}>All orders with this e-mail address</Link>
          </p>
        )}
      </section>
    </div>
  );
}

/** Lock (after a confirmation) or unlock; one request at a time. */
function LockActions({ customer, onChange }: { customer: Customer; onChange: (customer: Customer) => void }) {
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
      toast.show(lock ? `${customer.email} is locked.` : `${customer.email} can sign in again.`, {
        tone: 'success',
      });
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
          Unlock account
        </Button>
      ) : (
        <Button variant="secondary" disabled={running} onClick={() => setConfirming(true)}>
          Lock account
        </Button>
      )}
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Lock ${customer.email}?`}>
        <p>
          The customer is signed out everywhere at once and cannot sign in until the account is unlocked. Their orders
          and addresses stay as they are.
        </p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running} onClick={() => void run(true)}>
            Yes, lock the account
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => setConfirming(false)}>
            Keep it open
          </Button>
        </div>
      </Modal>
    </div>
  );
}
