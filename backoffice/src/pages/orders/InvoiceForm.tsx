import { type FormEvent, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useT } from '../../common/useT';
import { f } from './fulfilmentMessages';
import { allLeft, chosenLines, LineQuantityFields, type Quantities } from './LineQuantityFields';
import { m } from './orderMessages';
import { ActionError, type Actions, type Order } from './useOrderActions';

const InvoiceMutation = graphql(`
  mutation InvoiceOrder($number: String!, $lines: [OrderLineQuantityInput!]) {
    invoiceOrder(number: $number, lines: $lines) {
      ...AdminOrderFields
    }
  }
`);

const toInvoice = (item: Order['items'][number]) => item.quantityOrdered - item.quantityInvoiced;

/** Invoices what staff choose of each line; everything left unless they lower a quantity. */
export function InvoiceForm({ order, actions }: { order: Order; actions: Actions }) {
  const t = useT();
  const [quantities, setQuantities] = useState<Quantities>(() => allLeft(order.items, toInvoice));
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = chosenLines(order.items, quantities, toInvoice, t);
    if ('error' in chosen) {
      setInvalid(chosen.error);
      return;
    }
    setInvalid(null);
    // The page gives the form a new key once the invoice exists: the next one starts from what is left.
    await actions.run(
      'invoice',
      async () =>
        (
          await request(
            InvoiceMutation,
            chosen.lines ? { number: order.number, lines: chosen.lines } : { number: order.number },
          )
        ).invoiceOrder,
      chosen.lines ? t(f.partlyInvoiced, { number: order.number }) : t(m.invoiced, { number: order.number }),
    );
  };
  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby="invoice-heading" noValidate>
      <h3 id="invoice-heading">{t(m.invoice)}</h3>
      <LineQuantityFields
        items={order.items}
        left={toInvoice}
        legend={t(f.invoiceQuantities)}
        quantities={quantities}
        onChange={setQuantities}
      />
      {invalid && (
        <p className="bo-inline-error" role="alert">
          {invalid}
        </p>
      )}
      <ActionError error={actions.errors.invoice}>
        <Button
          type="submit"
          busy={actions.running === 'invoice'}
          disabled={actions.running !== null && actions.running !== 'invoice'}
        >
          {t(f.invoiceButton)}
        </Button>
      </ActionError>
    </form>
  );
}
