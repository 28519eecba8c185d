import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import type { MessageDescriptor } from 'react-intl';
import { cartMessages } from './cartMessages';

/** Either a message of ours (translated) or Magento's own shopper-facing sentence. */
export type CartMessage = { descriptor: MessageDescriptor } | { text: string };

// Magento answers these for a masked id it does not know or a cart that became an order.
const MISSING_CART_PATTERNS = [
  /could not find a cart with id/i,
  /the cart isn't active/i,
  /the current user cannot perform operations on cart/i,
  // A guest cart belongs to the store it was made in: in another store it starts again.
  /wrong store code specified for cart/i,
];

function graphqlMessages(error: unknown): string[] {
  return CombinedGraphQLErrors.is(error) ? error.errors.map((e) => e.message) : [];
}

/** True when the stored cart id is useless and a fresh cart should replace it. */
export function isMissingCartError(error: unknown): boolean {
  return graphqlMessages(error).some((message) => MISSING_CART_PATTERNS.some((pattern) => pattern.test(message)));
}

export interface CartUserErrorLike {
  code: string;
  message: string;
}

/** A refused add-to-cart line, in words for the shopper. */
export function userErrorMessage(error: CartUserErrorLike): CartMessage {
  switch (error.code) {
    case 'NOT_SALABLE':
      return { descriptor: cartMessages.notSalable };
    case 'INSUFFICIENT_STOCK':
      return { descriptor: cartMessages.insufficientStock };
    case 'PRODUCT_NOT_FOUND':
      return { descriptor: cartMessages.notFound };
    default:
      return error.message.trim() ? { text: error.message.trim() } : { descriptor: cartMessages.generic };
  }
}

/** A failed cart request, in words for the shopper; `offline` picks the wording for being offline. */
export function requestErrorMessage(
  error: unknown,
  offline: MessageDescriptor = cartMessages.offlineChange,
): CartMessage {
  if (CombinedGraphQLErrors.is(error)) {
    // Magento writes these for shoppers ("The requested qty is not available").
    const messages = [...new Set(error.errors.map((e) => e.message.trim()).filter(Boolean))];
    return messages.length > 0 ? { text: messages.join(' ') } : { descriptor: cartMessages.generic };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { descriptor: offline };
  if (ServerError.is(error) || ServerParseError.is(error) || CombinedProtocolErrors.is(error))
    return { descriptor: cartMessages.server };
  return { descriptor: cartMessages.network };
}
