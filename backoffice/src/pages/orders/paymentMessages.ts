import { type MessageDescriptor, defineMessages } from 'react-intl';

// An order's card payment. Magento's French admin: « Paiement », « Capturer », « Rembourser »,
// « Annuler l'autorisation ».
const messages = defineMessages({
  heading: { id: 'backoffice.payment.heading', defaultMessage: 'Payment' },
  caption: { id: 'backoffice.payment.caption', defaultMessage: 'What was asked of the card gateway, oldest first' },
  kind: { id: 'backoffice.payment.kind', defaultMessage: 'Operation' },
  amount: { id: 'backoffice.payment.amount', defaultMessage: 'Amount' },
  gatewayId: { id: 'backoffice.payment.gatewayId', defaultMessage: 'Gateway ID' },
  state: { id: 'backoffice.payment.state', defaultMessage: 'State' },
  date: { id: 'backoffice.payment.date', defaultMessage: 'Date' },
  kindAuthorization: { id: 'backoffice.payment.kindAuthorization', defaultMessage: 'Authorization' },
  kindCapture: { id: 'backoffice.payment.kindCapture', defaultMessage: 'Capture' },
  kindRefund: { id: 'backoffice.payment.kindRefund', defaultMessage: 'Refund' },
  kindVoid: { id: 'backoffice.payment.kindVoid', defaultMessage: 'Void' },
  statePending: { id: 'backoffice.payment.statePending', defaultMessage: 'Pending' },
  stateRequiresAction: { id: 'backoffice.payment.stateRequiresAction', defaultMessage: 'Awaiting the shopper' },
  stateSucceeded: { id: 'backoffice.payment.stateSucceeded', defaultMessage: 'Succeeded' },
  stateFailed: { id: 'backoffice.payment.stateFailed', defaultMessage: 'Failed: {reason}' },
  stateCanceled: { id: 'backoffice.payment.stateCanceled', defaultMessage: 'Canceled' },
  capture: { id: 'backoffice.payment.capture', defaultMessage: 'Capture' },
  captureTitle: { id: 'backoffice.payment.captureTitle', defaultMessage: 'Capture {amount} for order {number}?' },
  captureText: {
    id: 'backoffice.payment.captureText',
    defaultMessage: 'The card is charged the amount it holds, and the order is invoiced.',
  },
  captureConfirm: { id: 'backoffice.payment.captureConfirm', defaultMessage: 'Yes, capture' },
  captured: { id: 'backoffice.payment.captured', defaultMessage: 'The payment for order {number} is captured.' },
  void: { id: 'backoffice.payment.void', defaultMessage: 'Void' },
  voidTitle: { id: 'backoffice.payment.voidTitle', defaultMessage: 'Void the authorization for order {number}?' },
  voidText: {
    id: 'backoffice.payment.voidText',
    defaultMessage: 'The card’s hold is released, the order is canceled and its items go back into stock.',
  },
  voidConfirm: { id: 'backoffice.payment.voidConfirm', defaultMessage: 'Yes, void' },
  voided: { id: 'backoffice.payment.voided', defaultMessage: 'The authorization for order {number} is voided.' },
  keep: { id: 'backoffice.payment.keep', defaultMessage: 'Go back' },
  refund: { id: 'backoffice.payment.refund', defaultMessage: 'Refund to the card' },
  refundWhole: { id: 'backoffice.payment.refundWhole', defaultMessage: 'All that is left ({left})' },
  refundPart: { id: 'backoffice.payment.refundPart', defaultMessage: 'Part of it' },
  refundAmount: { id: 'backoffice.payment.refundAmount', defaultMessage: 'Amount to refund ({currency})' },
  refundAmountInvalid: {
    id: 'backoffice.payment.refundAmountInvalid',
    defaultMessage: 'Enter an amount greater than 0 and no more than {left}.',
  },
  refundButton: { id: 'backoffice.payment.refundButton', defaultMessage: 'Refund' },
  refundTitle: { id: 'backoffice.payment.refundTitle', defaultMessage: 'Refund {amount} to the card?' },
  refundText: {
    id: 'backoffice.payment.refundText',
    defaultMessage: 'The gateway gives the money back; this cannot be undone.',
  },
  refundConfirm: { id: 'backoffice.payment.refundConfirm', defaultMessage: 'Yes, refund' },
  refunded: { id: 'backoffice.payment.refunded', defaultMessage: 'The refund for order {number} is made.' },
});

/** Plain descriptors, so each takes the values its text names. */
export const pm: Record<keyof typeof messages, MessageDescriptor> = messages;
