import { ArrowLeft } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminOrderFieldsFragment } from '../__generated__/graphql';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { formatDateTime, formatMoney } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading, StatusBadge } from '../common/ui';
import { messageOf } from '../common/errorText';

graphql(`
  fragment AdminOrderFields on AdminOrder {
    number
    status
    allowedActions
    createdAt
    storeCode
    email
    customerName
    customerEmail
    items {
      line
      sku
      name
      options
      quantityOrdered
      quantityRefunded
      price {
        value
        currency
      }
      rowTotal {
        value
        currency
      }
    }
    subtotal {
      value
      currency
    }
    discount {
      value
      currency
    }
    shipping {
      value
      currency
    }
    tax {
      value
      currency
    }
    grandTotal {
      value
      currency
    }
    totalPaid {
      value
      currency
    }
    totalRefunded {
      value
      currency
    }
    couponCode
    shippingMethod
    paymentMethod
    shippingAddress
    billingAddress
    invoices {
      number
      createdAt
      grandTotal {
        value
        currency
      }
    }
    shipments {
      number
      carrier
      carrierTitle
      trackingNumber
      createdAt
    }
    refunds {
      number
      returnedToStock
      createdAt
      grandTotal {
        value
        currency
      }
    }
    comments {
      message
      author
      visibleToCustomer
      createdAt
    }
  }
`);

const OrderQuery = graphql(`
  query Order($number: String!) {
    order(number: $number) {
      ...AdminOrderFields
    }
  }
`);

const InvoiceMutation = graphql(`
  mutation InvoiceOrder($number: String!) {
    invoiceOrder(number: $number) {
      ...AdminOrderFields
    }
  }
`);

const ShipMutation = graphql(`
  mutation ShipOrder($input: ShipOrderInput!) {
    shipOrder(input: $input) {
      ...AdminOrderFields
    }
  }
`);

const CancelMutation = graphql(`
  mutation CancelOrder($number: String!) {
    cancelOrder(number: $number) {
      ...AdminOrderFields
    }
  }
`);

const RefundMutation = graphql(`
  mutation RefundOrder($input: RefundOrderInput!) {
    refundOrder(input: $input) {
      ...AdminOrderFields
    }
  }
`);

const CommentMutation = graphql(`
  mutation AddOrderComment($input: OrderCommentInput!) {
    addOrderComment(input: $input) {
      ...AdminOrderFields
    }
  }
`);

type Order = AdminOrderFieldsFragment;
type Action = 'invoice' | 'ship' | 'cancel' | 'refund' | 'comment';

const CARRIERS = [
  { value: 'ups', label: 'UPS' },
  { value: 'usps', label: 'USPS' },
  { value: 'fedex', label: 'FedEx' },
  { value: 'dhl', label: 'DHL' },
  { value: 'custom', label: 'Other carrier' },
];

export function OrderPage() {
  const { number = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(OrderQuery, { number });
  const order = data?.order;
  return (
    <>
      <p className="bo-back">
        <Link to="/orders">
          <Icon icon={ArrowLeft} size={18} />
          All orders
        </Link>
      </p>
      <PageHeading title={`Order ${number}`}>
        Order {number} {order && <StatusBadge status={order.status} />}
      </PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the order…" />}
      {data && !order && <EmptyState>There is no order {number}. Check the number, or find it in the list.</EmptyState>}
      {order && <OrderDetails order={order} onChange={(next) => setData({ order: next })} />}
    </>
  );
}

/** Runs one action at a time: every action button is disabled while one is in flight. */
function useActions(order: Order, onChange: (order: Order) => void) {
  const toast = useToast();
  const [running, setRunning] = useState<Action | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Action, string>>>({});
  const run = async (action: Action, call: () => Promise<Order>, success: string): Promise<boolean> => {
    if (running) return false;
    setRunning(action);
    setErrors((current) => ({ ...current, [action]: undefined }));
    try {
      onChange(await call());
      toast.show(success, { tone: 'success' });
      return true;
    } catch (caught) {
      setErrors((current) => ({ ...current, [action]: messageOf(caught) }));
      return false;
    } finally {
      setRunning(null);
    }
  };
  return { running, errors, run, number: order.number };
}

type Actions = ReturnType<typeof useActions>;

function OrderDetails({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const intl = useIntl();
  const me = useStaff();
  const actions = useActions(order, onChange);
  const may = (action: Order['allowedActions'][number]) =>
    me.role !== 'VIEWER' && order.allowedActions.includes(action);
  const money = (amount: { value: number; currency: string }) => formatMoney(intl, amount);

  return (
    <div className="bo-order">
      <p className="bo-muted">
        Placed {formatDateTime(intl, order.createdAt)} in store view {order.storeCode} by {order.customerName} (
        <a href={`mailto:${order.email}`}>{order.email}</a>){order.customerEmail ? ', signed in' : ', as a guest'}
      </p>

      {me.role === 'VIEWER' ? (
        <p className="bo-notice">Your role can read orders but not change them.</p>
      ) : (
        <section aria-labelledby="order-actions" className="bo-card">
          <h2 id="order-actions">Actions</h2>
          {order.allowedActions.length === 0 && <p>Nothing more can be done with this order.</p>}
          {(may('INVOICE') || may('CANCEL')) && (
            <div className="bo-action-row">
              {may('INVOICE') && (
                <ActionError error={actions.errors.invoice}>
                  <Button
                    busy={actions.running === 'invoice'}
                    disabled={actions.running !== null && actions.running !== 'invoice'}
                    onClick={() =>
                      void actions.run(
                        'invoice',
                        async () => (await request(InvoiceMutation, { number: order.number })).invoiceOrder,
                        `Order ${order.number} is invoiced.`,
                      )
                    }
                  >
                    Invoice
                  </Button>
                </ActionError>
              )}
              {may('CANCEL') && <CancelAction order={order} actions={actions} />}
            </div>
          )}
          {may('SHIP') && <ShipForm order={order} actions={actions} />}
          {may('REFUND') && <RefundForm order={order} actions={actions} />}
        </section>
      )}

      <section aria-labelledby="order-items" className="bo-card">
        <h2 id="order-items">Items</h2>
        <div className="bo-table-wrap">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col" className="bo-num">
                  Price
                </th>
                <th scope="col" className="bo-num">
                  Ordered
                </th>
                <th scope="col" className="bo-num">
                  Refunded
                </th>
                <th scope="col" className="bo-num">
                  Row total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.line}>
                  <th scope="row">
                    {item.name}
                    {item.options.length > 0 && <span className="bo-muted bo-block">{item.options.join(', ')}</span>}
                  </th>
                  <td>{item.sku}</td>
                  <td className="bo-num">{money(item.price)}</td>
                  <td className="bo-num">{item.quantityOrdered}</td>
                  <td className="bo-num">{item.quantityRefunded}</td>
                  <td className="bo-num">{money(item.rowTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="bo-totals">
          <dt>Subtotal</dt>
          <dd>{money(order.subtotal)}</dd>
          {order.discount.value !== 0 && (
            <>
              <dt>Discount{order.couponCode ? ` (${order.couponCode})` : ''}</dt>
              <dd>{money(order.discount)}</dd>
            </>
          )}
          <dt>Shipping ({order.shippingMethod})</dt>
          <dd>{money(order.shipping)}</dd>
          <dt>Tax</dt>
          <dd>{money(order.tax)}</dd>
          <dt className="bo-strong">Grand total</dt>
          <dd className="bo-strong">{money(order.grandTotal)}</dd>
          <dt>Paid ({order.paymentMethod})</dt>
          <dd>{money(order.totalPaid)}</dd>
          <dt>Refunded</dt>
          <dd>{money(order.totalRefunded)}</dd>
        </dl>
      </section>

      <div className="bo-grid-2">
        <section aria-labelledby="order-shipping-address" className="bo-card">
          <h2 id="order-shipping-address">Shipping address</h2>
          <AddressLines lines={order.shippingAddress} />
        </section>
        <section aria-labelledby="order-billing-address" className="bo-card">
          <h2 id="order-billing-address">Billing address</h2>
          <AddressLines lines={order.billingAddress} />
        </section>
      </div>

      <div className="bo-grid-2">
        <section aria-labelledby="order-invoices" className="bo-card">
          <h2 id="order-invoices">Invoices</h2>
          {order.invoices.length === 0 ? (
            <EmptyState>Not invoiced yet.</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.invoices.map((invoice) => (
                <li key={invoice.number}>
                  Invoice {invoice.number}: {money(invoice.grandTotal)}, {formatDateTime(intl, invoice.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="order-shipments" className="bo-card">
          <h2 id="order-shipments">Shipments</h2>
          {order.shipments.length === 0 ? (
            <EmptyState>Not shipped yet.</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.shipments.map((shipment) => (
                <li key={shipment.number}>
                  Shipment {shipment.number} with {shipment.carrierTitle}, tracking number{' '}
                  <strong className="bo-tracking">{shipment.trackingNumber}</strong>,{' '}
                  {formatDateTime(intl, shipment.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="order-refunds" className="bo-card">
          <h2 id="order-refunds">Refunds</h2>
          {order.refunds.length === 0 ? (
            <EmptyState>No refunds.</EmptyState>
          ) : (
            <ul className="bo-list">
              {order.refunds.map((refund) => (
                <li key={refund.number}>
                  Refund {refund.number}: {money(refund.grandTotal)}
                  {refund.returnedToStock ? ', returned to stock' : ''}, {formatDateTime(intl, refund.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="order-comments" className="bo-card">
        <h2 id="order-comments">History and comments</h2>
        {order.comments.length === 0 ? (
          <EmptyState>No comments yet.</EmptyState>
        ) : (
          <ol className="bo-comments">
            {order.comments.map((comment, index) => (
              <li key={index}>
                <p className="bo-comment-meta">
                  {comment.author}, {formatDateTime(intl, comment.createdAt)}
                  {comment.visibleToCustomer ? ' · visible to the customer' : ' · internal'}
                </p>
                <p className="bo-comment-text">{comment.message}</p>
              </li>
            ))}
          </ol>
        )}
        {me.role !== 'VIEWER' && <CommentForm order={order} actions={actions} />}
      </section>
    </div>
  );
}

function AddressLines({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return <EmptyState>None.</EmptyState>;
  return (
    <address className="bo-address">
      {lines.map((line, index) => (
        <span key={index} className="bo-block">
          {line}
        </span>
      ))}
    </address>
  );
}

function ActionError({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className="bo-action">
      {children}
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CancelAction({ order, actions }: { order: Order; actions: Actions }) {
  const [open, setOpen] = useState(false);
  return (
    <ActionError error={actions.errors.cancel}>
      <Button variant="secondary" disabled={actions.running !== null} onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={`Cancel order ${order.number}?`}>
        <p>The order is canceled for good and its items go back into stock. The customer is not charged.</p>
        <div className="bo-action-row">
          <Button
            busy={actions.running === 'cancel'}
            onClick={() =>
              void actions
                .run(
                  'cancel',
                  async () => (await request(CancelMutation, { number: order.number })).cancelOrder,
                  `Order ${order.number} is canceled.`,
                )
                .then(() => setOpen(false))
            }
          >
            Yes, cancel the order
          </Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Keep the order
          </Button>
        </div>
      </Modal>
    </ActionError>
  );
}

function ShipForm({ order, actions }: { order: Order; actions: Actions }) {
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

function RefundForm({ order, actions }: { order: Order; actions: Actions }) {
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
          <label className="bo-check">
            <input
              type="checkbox"
              checked={includeShipping}
              onChange={(event) => setIncludeShipping(event.target.checked)}
            />
            Also refund the shipping charge
          </label>
        </fieldset>
      )}
      <label className="bo-check">
        <input type="checkbox" checked={returnToStock} onChange={(event) => setReturnToStock(event.target.checked)} />
        Return the refunded items to stock
      </label>
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

function CommentForm({ order, actions }: { order: Order; actions: Actions }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [visible, setVisible] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setInvalid('Write a comment first.');
      return;
    }
    setInvalid(null);
    const done = await actions.run(
      'comment',
      async () =>
        (
          await request(CommentMutation, {
            input: { number: order.number, message: message.trim(), visibleToCustomer: visible },
          })
        ).addOrderComment,
      'The comment is added.',
    );
    if (done) {
      setMessage('');
      setVisible(false);
    }
  };
  return (
    <form className="bo-subform" onSubmit={submit} aria-labelledby={`${id}-heading`} noValidate>
      <h3 id={`${id}-heading`}>Add a comment</h3>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-message`} className={fieldStyles.label}>
          Comment
        </label>
        <textarea
          id={`${id}-message`}
          className={fieldStyles.control}
          rows={3}
          maxLength={2000}
          value={message}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
        {invalid && (
          <p id={`${id}-error`} className={fieldStyles.error}>
            {invalid}
          </p>
        )}
      </div>
      <label className="bo-check">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        Visible to the customer in their order history
      </label>
      <ActionError error={actions.errors.comment}>
        <Button
          type="submit"
          busy={actions.running === 'comment'}
          disabled={actions.running !== null && actions.running !== 'comment'}
        >
          Add comment
        </Button>
      </ActionError>
    </form>
  );
}
