import { defineMessages, useIntl } from 'react-intl';

// Vela's API answers an order's status as its code (pending, complete…), Magento as its label
// (Pending, Complete…): both read the same here. A status this list does not know (a Magento
// shop's own) is shown as the backend wrote it.
const STATUS = defineMessages({
  pending: { id: 'account.orderStatus.pending', defaultMessage: 'Pending' },
  processing: { id: 'account.orderStatus.processing', defaultMessage: 'Processing' },
  complete: { id: 'account.orderStatus.complete', defaultMessage: 'Shipped' },
  canceled: { id: 'account.orderStatus.canceled', defaultMessage: 'Canceled' },
  closed: { id: 'account.orderStatus.closed', defaultMessage: 'Refunded' },
});

export function OrderStatus({ status }: { status: string | null | undefined }) {
  const intl = useIntl();
  const key = (status ?? '').trim().toLowerCase();
  const message = Object.hasOwn(STATUS, key) ? STATUS[key as keyof typeof STATUS] : null;
  return <>{message ? intl.formatMessage(message) : status}</>;
}
