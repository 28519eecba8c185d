import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StaffOrderFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { formatMoney } from '../../common/format';
import { useT } from '../../common/useT';
import { SetStaffOrderAddress, SetStaffOrderPayment, SetStaffOrderShipping } from './staffOrderApi';
import { sm } from './staffOrderMessages';
import { StepError } from './StepError';
import { useOrderStep } from './useOrderStep';

const EMPTY = {
  firstname: '',
  lastname: '',
  street: '',
  city: '',
  region: '',
  postcode: '',
  countryCode: 'US',
  telephone: '',
};
type AddressDraft = typeof EMPTY;
const ADDRESS_FIELDS: Array<[keyof AddressDraft, keyof typeof sm]> = [
  ['firstname', 'firstname'],
  ['lastname', 'lastname'],
  ['street', 'street'],
  ['city', 'city'],
  ['region', 'region'],
  ['postcode', 'postcode'],
  ['countryCode', 'country'],
  ['telephone', 'telephone'],
];

/** Where it ships, how, how it is paid (offline), and the server's totals. */
export function StaffOrderCheckout({
  order,
  onChange,
}: {
  order: StaffOrderFieldsFragment;
  onChange: (next: StaffOrderFieldsFragment) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const step = useOrderStep();
  const [address, setAddress] = useState<AddressDraft>(EMPTY);

  const saveAddress = (event: FormEvent) => {
    event.preventDefault();
    void step.run(async () => {
      const { street, region, postcode, telephone, ...rest } = address;
      onChange(
        (
          await request(SetStaffOrderAddress, {
            id: order.id,
            address: {
              ...rest,
              street: [street],
              region: region || null,
              postcode: postcode || null,
              telephone: telephone || null,
            },
          })
        ).setStaffOrderAddress,
      );
    });
  };
  const chooseShipping = (value: string) =>
    step.run(async () => {
      const method = order.shippingMethods.find((m) => `${m.carrierCode}_${m.methodCode}` === value);
      if (!method) return;
      onChange(
        (
          await request(SetStaffOrderShipping, {
            id: order.id,
            carrierCode: method.carrierCode,
            methodCode: method.methodCode,
          })
        ).setStaffOrderShippingMethod,
      );
    });
  const choosePayment = (code: string) =>
    step.run(async () => {
      onChange((await request(SetStaffOrderPayment, { id: order.id, code })).setStaffOrderPaymentMethod);
    });

  return (
    <section className="bo-card" aria-labelledby="staff-order-address">
      <h2 id="staff-order-address">{t(sm.addressStep)}</h2>
      {order.shippingAddress && <p>{t(sm.shipsTo, { address: order.shippingAddress })}</p>}
      <form onSubmit={saveAddress} aria-label={t(sm.addressStep)}>
        <div className="bo-form-row">
          {ADDRESS_FIELDS.map(([key, label]) => (
            <Field
              key={key}
              label={t(sm[label])}
              value={address[key]}
              required={!['region', 'postcode', 'telephone'].includes(key)}
              onChange={(event) => setAddress({ ...address, [key]: event.target.value })}
            />
          ))}
        </div>
        <Button type="submit" variant="secondary" busy={step.busy}>
          {t(sm.setAddress)}
        </Button>
      </form>
      <div className="bo-form-row">
        <Select
          label={t(sm.shippingMethod)}
          placeholder="—"
          options={order.shippingMethods.map((m) => ({
            value: `${m.carrierCode}_${m.methodCode}`,
            label: `${m.title} (${formatMoney(intl, m.amount)})`,
          }))}
          value={order.selectedShippingMethod ?? ''}
          disabled={order.shippingMethods.length === 0 || step.busy}
          onChange={(event) => void chooseShipping(event.target.value)}
        />
        <Select
          label={t(sm.paymentMethod)}
          placeholder="—"
          options={order.paymentMethods
            .filter((p) => !/stripe|braintree/.test(p.code))
            .map((p) => ({ value: p.code, label: p.title }))}
          value={order.selectedPaymentMethod ?? ''}
          disabled={step.busy}
          onChange={(event) => void choosePayment(event.target.value)}
        />
      </div>
      <StepError error={step.error} />
      <h2>{t(sm.totals)}</h2>
      <dl className="bo-totals" aria-live="polite">
        <dt>{t(sm.subtotal)}</dt>
        <dd>{formatMoney(intl, order.subtotal)}</dd>
        {order.discounts.map((d) => (
          <div key={d.label}>
            <dt>{d.label}</dt>
            <dd>-{formatMoney(intl, d.amount)}</dd>
          </div>
        ))}
        <dt>{t(sm.shipping)}</dt>
        <dd>{formatMoney(intl, order.shippingAmount)}</dd>
        <dt>{t(sm.tax)}</dt>
        <dd>{formatMoney(intl, order.tax)}</dd>
        <dt>{t(sm.grandTotal)}</dt>
        <dd>{formatMoney(intl, order.grandTotal)}</dd>
      </dl>
    </section>
  );
}
