import { type FormEvent, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useT } from '../../common/useT';
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

export function ShipForm({ order, actions }: { order: Order; actions: Actions }) {
  const t = useT();
  const [carrier, setCarrier] = useState('ups');
  const [title, setTitle] = useState('');
  const [tracking, setTracking] = useState('');
  const [invalid, setInvalid] = useState<{ title?: string; tracking?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      title: carrier === 'custom' && !title.trim() ? t(m.carrierNameMissing) : undefined,
      tracking: tracking.trim() ? undefined : t(m.trackingMissing),
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
      t(m.shipped, { number: order.number }),
    );
    if (done) setTracking('');
  };
  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby="ship-heading" noValidate>
      <h3 id="ship-heading">{t(m.ship)}</h3>
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
