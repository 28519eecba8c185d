import type { MessageDescriptor } from 'react-intl';

// Shopper-facing texts the cart's pure logic returns; components format them with react-intl.
export const cartMessages = {
  offline: { id: 'cart.error.offline', defaultMessage: "You're offline. Connect to add items to your cart." },
  offlineChange: { id: 'cart.error.offlineChange', defaultMessage: "You're offline. Connect to change your cart." },
  notSalable: { id: 'cart.error.notSalable', defaultMessage: 'Sorry, this product is out of stock.' },
  insufficientStock: {
    id: 'cart.error.insufficientStock',
    defaultMessage: "We don't have that many in stock. Try a smaller quantity.",
  },
  notFound: { id: 'cart.error.productNotFound', defaultMessage: 'This product is no longer available.' },
  network: {
    id: 'cart.error.network',
    defaultMessage: 'We could not reach the shop. Check your connection and try again.',
  },
  server: {
    id: 'cart.error.server',
    defaultMessage: 'The shop is having trouble right now. Please try again in a moment.',
  },
  generic: { id: 'cart.error.generic', defaultMessage: 'Something went wrong. Please try again.' },
} satisfies Record<string, MessageDescriptor>;
