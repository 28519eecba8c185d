import { type FormEvent, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
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
  { value: 'custom', label: 'Other carrier' },
];

export function ShipForm({ order, actions }: { order: Order; actions: Actions }) {
  const [carrier, setCarrier] = useState('ups');
  const [title, setTitle] = useState('');
  const [tracking, setTracking] = useState('');
  const [invalid, setInvalid] = useState<{ title?: string; tracking?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      title: carrier === 'custom' && !title.trim() ? "Enter the carrier's name." : undefined,
      tracking: tracking.trim() ? undefined : 'Enter the tracking number.',
    };
    setInvalid(problems);
    if (problems.title || problems.tracking) return;
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
            },
          })
        ).shipOrder,
      `Order ${order.number} is shipped; the customer gets the tracking number by e-mail.`,
    );
    if (done) setTracking('');
  };
  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby="ship-heading" noValidate>
      <h3 id="ship-heading">Ship</h3>
      <div className="bo-form-row">
        <Select
          label="Carrier"
          name="carrier"
          options={CARRIERS}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value)}
        />
        {carrier === 'custom' && (
          <Field
            label="Carrier name"
            name="carrierTitle"
            required
            value={title}
            error={invalid.title}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
        <Field
          label="Tracking number"
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
          Ship order
        </Button>
      </ActionError>
    </form>
  );
}
