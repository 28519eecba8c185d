import { defineMessages, useIntl } from 'react-intl';

// Magento answers an order's `status` as its label, already in the store view's language
// (getStatusLabel), and its `state` as a code; Vela's API does the same. The account's own words
// come from the state. A state this list does not know (a Magento shop's `holded`, a payment under
// review) shows the backend's label.
const STATE = defineMessages({
  new: { id: 'account.orderStatus.pending', defaultMessage: 'Pending' },
  processing: { id: 'account.orderStatus.processing', defaultMessage: 'Processing' },
  complete: { id: 'account.orderStatus.complete', defaultMessage: 'Shipped' },
  canceled: { id: 'account.orderStatus.canceled', defaultMessage: 'Canceled' },
  closed: { id: 'account.orderStatus.closed', defaultMessage: 'Refunded' },
});

export function OrderStatus({
  state,
  status,
}: {
  state: string | null | undefined;
  status: string | null | undefined;
}) {
  const intl = useIntl();
  const key = (state ?? '').trim().toLowerCase();
  const message = Object.hasOwn(STATE, key) ? STATE[key as keyof typeof STATE] : null;
  return <>{message ? intl.formatMessage(message) : status}</>;
}
