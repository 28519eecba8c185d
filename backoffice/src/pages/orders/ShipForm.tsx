import { type FormEvent, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useT } from '../../common/useT';
import { f } from './fulfilmentMessages';
import { allLeft, chosenLines, LineQuantityFields, type Quantities } from './LineQuantityFields';
import { m } from './orderMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

const ShipMutation = graphql(`
  mutation ShipOrder($input: ShipOrderInput!) {
    shipOrder(input: $input) {
      ...AdminOrderFields
    }
  }
`);

const CARRIERS = [
  { value: 'ups', label: 'UPS' },
  { value: 'usps', label: 'USPS' },
  { value: 'fedex', label: 'FedEx' },
  { value: 'dhl', label: 'DHL' },
  { value: 'custom', label: '' },
];

const toShip = (item: Order['items'][number]) => item.quantityOrdered - item.quantityShipped - item.quantityRefunded;

export function ShipForm({ order, actions }: { order: Order; actions: Actions }) {
  const t = useT();
  const [quantities, setQuantities] = useState<Quantities>(() => allLeft(order.items, toShip));
  const [carrier, setCarrier] = useState('ups');
  const [title, setTitle] = useState('');
  const [tracking, setTracking] = useState('');
  const [invalid, setInvalid] = useState<{ title?: string; tracking?: string; lines?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenLines(order.items, quantities, toShip, t);
    const problems = {
      title: carrier === 'custom' && !title.trim() ? t(m.carrierNameMissing) : undefined,
      tracking: tracking.trim() ? undefined : t(m.trackingMissing),
      lines: 'error' in chosen ? chosen.error : undefined,
    };
    setInvalid(problems);
    if (problems.title || problems.tracking || 'error' in chosen) return;
    const done = await actions.run(
      'ship',
      async () =>
        (
          await request(ShipMutation, {
            input: {
              number: order.number,
              carrier,
              carrierTitle: carrier === 'custom' ? title.trim() : null,
              trackingNumber: tracking.trim(),
              ...(chosen.lines ? { lines: chosen.lines } : {}),
            },
          })
        ).shipOrder,
      chosen.lines ? t(f.partlyShipped) : t(m.shipped, { number: order.number }),
    );
    if (done) setTracking('');
  };
  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby="ship-heading" noValidate>
      <h3 id="ship-heading">{t(m.ship)}</h3>
      <LineQuantityFields
        items={order.items}
        left={toShip}
        legend={t(f.shipQuantities)}
        quantities={quantities}
        onChange={setQuantities}
      />
      {invalid.lines && (
        <p className="bo-inline-error" role="alert">
          {invalid.lines}
        </p>
      )}
      <div className="bo-form-row">
        <Select
          label={t(m.carrier)}
          name="carrier"
          options={CARRIERS.map((option) =>
            option.value === 'custom' ? { ...option, label: t(m.otherCarrier) } : option,
          )}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
        {carrier === 'custom' && (
          <Field
            label={t(m.carrierName)}
            name="carrierTitle"
            required
            value={title}
            error={invalid.title}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
        <Field
          label={t(m.tracking)}
          name="trackingNumber"
          required
          autoComplete="off"
          value={tracking}
          error={invalid.tracking}
          onChange={(event) => setTracking(event.target.value)}
        />
      </div>
      <ActionError error={actions.errors.ship}>
        <Button
          type="submit"
          busy={actions.running === 'ship'}
          disabled={actions.running !== null && actions.running !== 'ship'}
        >
          {t(m.shipOrder)}
        </Button>
      </ActionError>
    </form>
  );
}
