import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { StaffOrderFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { useT } from '../../common/useT';
import { FindCustomers, StartStaffOrder } from './staffOrderApi';
import { sm } from './staffOrderMessages';
import { StepError } from './StepError';
import { useOrderStep } from './useOrderStep';

export interface ChosenCustomer {
  id: string;
  name: string;
  email: string;
}

/** Finds the customer (or links to making one), picks the store view and opens the order. */
export function StaffOrderCustomer({
  onStarted,
}: {
  onStarted: (order: StaffOrderFieldsFragment, customer: ChosenCustomer) => void;
}) {
  const t = useT();
  const step = useOrderStep();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Array<ChosenCustomer & { groupName: string }> | null>(null);
  const [stores, setStores] = useState<Array<{ value: string; label: string }>>([]);
  const [storeId, setStoreId] = useState('');

  const find = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      const data = await request(FindCustomers, { search: search.trim() || null });
      setFound(data.customers.items);
      setStores(data.storeViews.stores.map((s) => ({ value: s.id, label: s.name })));
    });
  };
  const start = (customer: ChosenCustomer) =>
    step.run(async () => {
      const order = (
        await request(StartStaffOrder, { customerId: customer.id, storeViewId: storeId || (stores[0]?.value ?? '1') })
      ).startStaffOrder;
      onStarted(order, customer);
    });

  return (
    <section className="bo-card" aria-labelledby="staff-order-customer">
      <h2 id="staff-order-customer">{t(sm.customerStep)}</h2>
      <form className="bo-form-row" onSubmit={find} role="search" aria-label={t(sm.searchCustomer)}>
        <Field
          label={t(sm.searchCustomer)}
          hint={t(sm.searchHint)}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={step.busy}>
          {t(sm.search)}
        </Button>
      </form>
      <StepError error={step.error} />
      {found !== null && found.length === 0 && (
        <p>
          {t(sm.noCustomer)} <Link to="/customers/new">{t(sm.newCustomer)}</Link>
        </p>
      )}
      {found !== null && found.length > 0 && (
        <>
          <Select
            label={t(sm.store)}
            options={stores}
            value={storeId || (stores[0]?.value ?? '')}
            onChange={(event) => setStoreId(event.target.value)}
          />
          <ul className="bo-plain-list">
            {found.map((customer) => (
              <li key={customer.id}>
                {customer.name} — {customer.email} ({customer.groupName}){' '}
                <Button variant="secondary" busy={step.busy} onClick={() => void start(customer)}>
                  {t(sm.start, { name: customer.name })}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
