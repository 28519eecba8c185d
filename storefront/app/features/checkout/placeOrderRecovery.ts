import { CombinedGraphQLErrors } from '@apollo/client/errors';

/**
 * The message a closed cart answers with: after placeOrder it means the order exists. A retry
 * of Place order whose first answer was lost gets it too.
 */
export function isCartClosedMessage(message: string): boolean {
  return /\bcart isn[’']t active\b/i.test(message);
}

export type PlaceOrderOutcome = 'placed' | 'not-placed' | 'unknown';

/**
 * After Place order failed without an answer (a timeout, a dropped connection, a 502), the order
 * may or may not exist. The cart tells: placing an order closes it in the same transaction. So
 * read the cart: readable means nothing was ordered and trying again is safe; "isn't active"
 * means the order went through; anything else and we cannot tell yet.
 */
export async function checkWhetherPlaced(readCart: () => Promise<unknown>): Promise<PlaceOrderOutcome> {
  try {
    await readCart();
    return 'not-placed';
  } catch (error) {
    if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => isCartClosedMessage(e.message))) return 'placed';
    return 'unknown';
  }
}
