import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { CheckboxField } from '../../common/form';
import { formatMoney } from '../../common/format';
import { useT } from '../../common/useT';
import { m } from './orderMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

const RefundMutation = graphql(`
  mutation RefundOrder($input: RefundOrderInput!) {
    refundOrder(input: $input) {
      ...AdminOrderFields
    }
  }
`);

export function RefundForm({ order, actions }: { order: Order; actions: Actions }) {
  const intl = useIntl();
  const t = useT();
  const [mode, setMode] = useState<'whole' | 'lines'>('whole');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [includeShipping, setIncludeShipping] = useState(false);
  const [returnToStock, setReturnToStock] = useState(true);
  const [invalid, setInvalid] = useState<string | null>(null);
  const ids = useId();
  // Only invoiced (paid) units can be refunded.
  const refundable = order.items.filter((item) => item.quantityInvoiced > item.quantityRefunded);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setInvalid(null);
    let lines: { line: number; quantity: number }[] | null = null;
    if (mode === 'lines') {
      lines = [];
      for (const item of refundable) {
        const raw = quantities[item.line]?.trim() ?? '';
        if (raw === '' || raw === '0') continue;
        const quantity = Number(raw);
        const left = item.quantityInvoiced - item.quantityRefunded;
        if (!Number.isInteger(quantity) || quantity < 0 || quantity > left) {
          setInvalid(t(m.refundQuantityInvalid, { name: item.name, left }));
          return;
        }
        lines.push({ line: item.line, quantity });
      }
      if (lines.length === 0) {
        setInvalid(t(m.refundNothing));
        return;
      }
    }
    const done = await actions.run(
      'refund',
      async () =>
        (
          await request(RefundMutation, {
            input: {
              number: order.number,
              lines,
              includeShipping: mode === 'lines' ? includeShipping : true,
              returnToStock,
            },
          })
        ).refundOrder,
      t(m.refunded, { number: order.number }),
    );
    if (done) setQuantities({});
  };

  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby="refund-heading" noValidate>
      <h3 id="refund-heading">{t(m.refund)}</h3>
      <fieldset className="bo-fieldset">
        <legend>{t(m.refundWhat)}</legend>
        <label className="bo-check">
          <input type="radio" name="refundMode" checked={mode === 'whole'} onChange={() => setMode('whole')} />
          {t(m.refundWhole)}
        </label>
        <label className="bo-check">
          <input type="radio" name="refundMode" checked={mode === 'lines'} onChange={() => setMode('lines')} />
          {t(m.refundLines)}
        </label>
      </fieldset>
      {mode === 'lines' && (
        <fieldset className="bo-fieldset">
          <legend>{t(m.refundQuantities)}</legend>
          {refundable.map((item) => {
            const left = item.quantityInvoiced - item.quantityRefunded;
            return (
              <Field
                key={item.line}
                id={`${ids}-line-${item.line}`}
                label={`${item.name} (${item.sku})`}
                hint={t(m.refundLineHint, { left, price: formatMoney(intl, item.price) })}
                type="number"
                inputMode="numeric"
                min={0}
                max={left}
                step={1}
                value={quantities[item.line] ?? ''}
                onChange={(event) => setQuantities({ ...quantities, [item.line]: event.target.value })}
              />
            );
          })}
          <CheckboxField checked={includeShipping} onChange={setIncludeShipping}>
            {t(m.refundShipping)}
          </CheckboxField>
        </fieldset>
      )}
      <CheckboxField checked={returnToStock} onChange={setReturnToStock}>
        {t(m.refundToStock)}
      </CheckboxField>
      {invalid && (
        <p className="bo-inline-error" role="alert">
          {invalid}
        </p>
      )}
      <ActionError error={actions.errors.refund}>
        <Button
          type="submit"
          busy={actions.running === 'refund'}
          disabled={actions.running !== null && actions.running !== 'refund'}
        >
          {t(m.refundButton)}
        </Button>
      </ActionError>
    </form>
  );
}
