import { type IntlShape, useIntl } from 'react-intl';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { formatDateTime, formatMoney } from '../../common/format';
import { type Column, DataTable } from '../../common/list/DataTable';
import { useT } from '../../common/useT';
import { ConfirmAction } from './ConfirmAction';
import { PaymentRefundForm } from './PaymentRefundForm';
import { pm } from './paymentMessages';
import type { Actions, Order } from './useOrderActions';

const CaptureMutation = graphql(`
  mutation CapturePayment($number: String!) {
    capturePayment(number: $number) {
      ...AdminOrderFields
    }
  }
`);

const VoidMutation = graphql(`
  mutation VoidPayment($number: String!) {
    voidPayment(number: $number) {
      ...AdminOrderFields
    }
  }
`);

type Transaction = Order['paymentTransactions'][number];

const KINDS = {
  AUTHORIZATION: pm.kindAuthorization,
  CAPTURE: pm.kindCapture,
  REFUND: pm.kindRefund,
  VOID: pm.kindVoid,
};
const STATES: Record<string, typeof pm.statePending> = {
  pending: pm.statePending,
  requires_action: pm.stateRequiresAction,
  succeeded: pm.stateSucceeded,
  failed: pm.stateFailed,
  canceled: pm.stateCanceled,
};

function stateOf(intl: IntlShape, row: Transaction): string {
  const message = STATES[row.status];
  return message ? intl.formatMessage(message, { reason: row.failure ?? '' }) : row.status;
}

/** Held and not captured: the order is processing, nothing is paid, and the card authorised it. */
function isHeld(order: Order): boolean {
  return (
    order.status === 'PROCESSING' &&
    order.totalPaid.value === 0 &&
    order.paymentTransactions.some((row) => row.kind === 'AUTHORIZATION' && row.status === 'succeeded')
  );
}

/** A card order's gateway operations and what staff may do with its money now. */
export function PaymentSection({ order, actions }: { order: Order; actions: Actions }) {
  const intl = useIntl();
  const t = useT();
  const me = useStaff();
  if (order.paymentTransactions.length === 0) return null;
  const columns: Column<Transaction>[] = [
    { key: 'kind', header: t(pm.kind), cell: (row) => t(KINDS[row.kind]), rowHeader: true },
    { key: 'amount', header: t(pm.amount), cell: (row) => formatMoney(intl, row.amount), numeric: true },
    { key: 'gateway', header: t(pm.gatewayId), cell: (row) => row.gatewayId ?? '—' },
    { key: 'state', header: t(pm.state), cell: (row) => stateOf(intl, row) },
    { key: 'date', header: t(pm.date), cell: (row) => formatDateTime(intl, row.createdAt) },
  ];
  const staff = me.role !== 'VIEWER';
  const held = staff && isHeld(order);
  const left = Math.round((order.totalPaid.value - order.totalRefunded.value) * 100) / 100;
  const number = order.number;
  const authorised = order.paymentTransactions.find((row) => row.kind === 'AUTHORIZATION')?.amount ?? order.grandTotal;
  return (
    <section aria-labelledby="order-payment" className="bo-card">
      <h2 id="order-payment">{t(pm.heading)}</h2>
      <DataTable
        caption={t(pm.caption)}
        columns={columns}
        rows={order.paymentTransactions}
        rowKey={(row) => `${row.kind}-${row.createdAt}-${row.gatewayId ?? ''}`}
      />
      {held && (
        <div className="bo-action-row">
          <ConfirmAction
            action="capture"
            actions={actions}
            label={t(pm.capture)}
            title={t(pm.captureTitle, { amount: formatMoney(intl, authorised), number })}
            text={t(pm.captureText)}
            confirm={t(pm.captureConfirm)}
            done={t(pm.captured, { number })}
            call={async () => (await request(CaptureMutation, { number })).capturePayment}
          />
          <ConfirmAction
            action="void"
            actions={actions}
            label={t(pm.void)}
            title={t(pm.voidTitle, { number })}
            text={t(pm.voidText)}
            confirm={t(pm.voidConfirm)}
            done={t(pm.voided, { number })}
            call={async () => (await request(VoidMutation, { number })).voidPayment}
          />
        </div>
      )}
      {staff && left > 0 && order.status !== 'CANCELED' && (
        <PaymentRefundForm order={order} actions={actions} left={left} />
      )}
    </section>
  );
}
