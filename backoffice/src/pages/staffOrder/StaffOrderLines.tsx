import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StaffOrderFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { formatMoney } from '../../common/format';
import { useT } from '../../common/useT';
import { AddStaffOrderProduct, ApplyStaffOrderCoupon } from './staffOrderApi';
import { sm } from './staffOrderMessages';
import { StepError } from './StepError';
import { useOrderStep } from './useOrderStep';

/** Products (by SKU) and quantities, priced by the server for the customer; then a coupon. */
export function StaffOrderLines({
  order,
  onChange,
}: {
  order: StaffOrderFieldsFragment;
  onChange: (next: StaffOrderFieldsFragment) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const adding = useOrderStep();
  const coupon = useOrderStep();
  const [sku, setSku] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [code, setCode] = useState(order.couponCode ?? '');

  const add = (event: FormEvent) => {
    event.preventDefault();
    void adding.run(async () => {
      const result = (
        await request(AddStaffOrderProduct, {
          input: { id: order.id, sku: sku.trim(), quantity: Number(quantity) },
        })
      ).addStaffOrderProduct;
      onChange(result.order);
      if (result.errors.length > 0) adding.setError(result.errors.join(' '));
      else setSku('');
    });
  };
  const applyCoupon = (event: FormEvent) => {
    event.preventDefault();
    void coupon.run(async () => {
      onChange((await request(ApplyStaffOrderCoupon, { id: order.id, code: code.trim() })).applyStaffOrderCoupon);
    });
  };

  return (
    <section className="bo-card" aria-labelledby="staff-order-lines">
      <h2 id="staff-order-lines">{t(sm.productsStep)}</h2>
      <form className="bo-form-row" onSubmit={add} aria-label={t(sm.add)}>
        <Field label={t(sm.sku)} value={sku} required onChange={(event) => setSku(event.target.value)} />
        <Field
          label={t(sm.quantity)}
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={adding.busy}>
          {t(sm.add)}
        </Button>
      </form>
      <StepError error={adding.error} />
      {order.lines.length === 0 ? (
        <p>{t(sm.noLines)}</p>
      ) : (
        <table className="bo-table">
          <caption>{t(sm.lines)}</caption>
          <thead>
            <tr>
              <th scope="col">{t(sm.colProduct)}</th>
              <th scope="col">{t(sm.colPrice)}</th>
              <th scope="col">{t(sm.colQty)}</th>
              <th scope="col">{t(sm.colDiscount)}</th>
              <th scope="col">{t(sm.colTotal)}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">
                  {line.name} ({line.sku}){line.options.length > 0 && ` — ${line.options.join(', ')}`}
                  {line.error && <span className="bo-inline-error"> {line.error}</span>}
                </th>
                <td>{formatMoney(intl, line.unitPrice)}</td>
                <td>{line.quantity}</td>
                <td>{formatMoney(intl, line.discount)}</td>
                <td>{formatMoney(intl, line.rowTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="bo-form-row" onSubmit={applyCoupon} aria-label={t(sm.applyCoupon)}>
        <Field label={t(sm.coupon)} value={code} onChange={(event) => setCode(event.target.value)} />
        <Button type="submit" variant="secondary" busy={coupon.busy}>
          {t(sm.applyCoupon)}
        </Button>
      </form>
      <StepError error={coupon.error} />
    </section>
  );
}
