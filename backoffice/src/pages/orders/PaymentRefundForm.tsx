import { type FormEvent, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Modal } from '@vela/ui/Modal';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { formatMoney } from '../../common/format';
import { useT } from '../../common/useT';
import { pm } from './paymentMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

const RefundPaymentMutation = graphql(`
  mutation RefundPayment($number: String!, $amount: Float) {
    refundPayment(number: $number, amount: $amount) {
      ...AdminOrderFields
    }
  }
`);

/** A typed amount in the order's currency: positive, at most `left`, at most two decimals; else null. */
export function refundAmountOf(raw: string, left: number): number | null {
  const text = raw.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const amount = Number(text);
  return amount > 0 && amount <= left ? amount : null;
}

/** Gives captured card money back: all that is left, or a part of it, after a confirmation. */
export function PaymentRefundForm({ order, actions, left }: { order: Order; actions: Actions; left: number }) {
  const intl = useIntl();
  const t = useT();
  const id = useId();
  const [part, setPart] = useState(false);
  const [raw, setRaw] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const currency = order.totalPaid.currency;
  const money = (value: number) => formatMoney(intl, { value, currency });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!part) return setAsking(left);
    const amount = refundAmountOf(raw, left);
    if (amount === null) {
      setInvalid(t(pm.refundAmountInvalid, { left: money(left) }));
      field.current?.focus();
      return;
    }
    setInvalid(null);
    setAsking(amount);
  };
  const confirm = async () => {
    const amount = part ? asking : null;
    const done = await actions.run(
      'refundPayment',
      async () => (await request(RefundPaymentMutation, { number: order.number, amount })).refundPayment,
      t(pm.refunded, { number: order.number }),
    );
    setAsking(null);
    if (done) setRaw('');
  };

  return (
    <>
      <form className="bo-subform" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
        <h3 id={`${id}-heading`}>{t(pm.refund)}</h3>
        <fieldset className="bo-fieldset">
          <legend className="visually-hidden">{t(pm.refund)}</legend>
          <label className="bo-check">
            <input type="radio" name={`${id}-mode`} checked={!part} onChange={() => setPart(false)} />
            {t(pm.refundWhole, { left: money(left) })}
          </label>
          <label className="bo-check">
            <input type="radio" name={`${id}-mode`} checked={part} onChange={() => setPart(true)} />
            {t(pm.refundPart)}
          </label>
        </fieldset>
        {part && (
          <Field
            ref={field}
            id={`${id}-amount`}
            label={t(pm.refundAmount, { currency })}
            inputMode="decimal"
            value={raw}
            error={invalid ?? undefined}
            onChange={(event) => setRaw(event.target.value)}
          />
        )}
        <ActionError error={actions.errors.refundPayment}>
          <Button type="submit" disabled={actions.running !== null}>
            {t(pm.refundButton)}
          </Button>
        </ActionError>
      </form>
      <Modal
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t(pm.refundTitle, { amount: money(asking ?? left) })}
      >
        <p>{t(pm.refundText)}</p>
        <div className="bo-action-row">
          <Button busy={actions.running === 'refundPayment'} onClick={() => void confirm()}>
            {t(pm.refundConfirm)}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            {t(pm.keep)}
          </Button>
        </div>
      </Modal>
    </>
  );
}
