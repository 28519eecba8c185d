import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { CheckboxField } from '../../common/form';
import { formatMoney } from '../../common/format';
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
  const [mode, setMode] = useState<'whole' | 'lines'>('whole');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [includeShipping, setIncludeShipping] = useState(false);
  const [returnToStock, setReturnToStock] = useState(true);
  const [invalid, setInvalid] = useState<string | null>(null);
  const ids = useId();
  const refundable = order.items.filter((item) => item.quantityOrdered > item.quantityRefunded);

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
        const left = item.quantityOrdered - item.quantityRefunded;
        if (!Number.isInteger(quantity) || quantity < 0 || quantity > left) {
          setInvalid(`${item.name}: enter a whole number from 0 to ${left}.`);
          return;
        }
        lines.push({ line: item.line, quantity });
      }
      if (lines.length === 0) {
        setInvalid('Enter a quantity for at least one line.');
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
      `The refund for order ${order.number} is recorded.`,
    );
    if (done) setQuantities({});
  };

  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby="refund-heading" noValidate>
      <h3 id="refund-heading">Refund</h3>
      <fieldset className="bo-fieldset">
        <legend>What to refund</legend>
        <label className="bo-check">
          <input type="radio" name="refundMode" checked={mode === 'whole'} onChange={() => setMode('whole')} />
          Everything not refunded yet, shipping included
        </label>
        <label className="bo-check">
          <input type="radio" name="refundMode" checked={mode === 'lines'} onChange={() => setMode('lines')} />
          Some lines
        </label>
      </fieldset>
      {mode === 'lines' && (
        <fieldset className="bo-fieldset">
          <legend>Quantities to refund</legend>
          {refundable.map((item) => {
            const left = item.quantityOrdered - item.quantityRefunded;
            return (
              <Field
                key={item.line}
                id={`${ids}-line-${item.line}`}
                label={`${item.name} (${item.sku})`}
                hint={`Up to ${left}, at ${formatMoney(intl, item.price)} each`}
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
            Also refund the shipping charge
          </CheckboxField>
        </fieldset>
      )}
      <CheckboxField checked={returnToStock} onChange={setReturnToStock}>
        Return the refunded items to stock
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
          Refund
        </Button>
      </ActionError>
    </form>
  );
}
