import { type MessageDescriptor, defineMessages } from 'react-intl';

// Plain descriptors: some messages take values, which the typed descriptors of defineMessages refuse.
const plain = <Key extends string>(messages: Record<Key, MessageDescriptor>): Record<Key, MessageDescriptor> =>
  messages;

export const checkoutMessages = plain(
  defineMessages({
    emailInvalid: {
      id: 'checkout.email.invalid',
      defaultMessage: 'Enter a valid e-mail address, like name@example.com',
    },
    offlineAction: {
      id: 'checkout.offlineAction',
      defaultMessage: 'You are offline. What you entered is kept here; continue when you are back online.',
    },
    continue: { id: 'checkout.continue', defaultMessage: 'Continue' },
    edit: { id: 'checkout.edit', defaultMessage: 'Edit' },
    stepEmail: { id: 'checkout.step.email', defaultMessage: 'E-mail' },
    stepShipping: { id: 'checkout.step.shipping', defaultMessage: 'Shipping address' },
    stepShippingMethod: { id: 'checkout.step.shippingMethod', defaultMessage: 'Shipping method' },
    stepPayment: { id: 'checkout.step.payment', defaultMessage: 'Payment' },
    stepReview: { id: 'checkout.step.review', defaultMessage: 'Review and place order' },
    editStep: { id: 'checkout.editStep', defaultMessage: 'Edit {step}' },
    fixErrors: {
      id: 'checkout.fixErrors',
      defaultMessage:
        '{count, plural, one {Please correct the field marked below.} other {Please correct the # fields marked below.}}',
    },
  }),
);
