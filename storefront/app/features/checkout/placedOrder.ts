import type { PlaceCheckoutOrderMutation } from '../../__generated__/graphql';

export type PlacedOrder = NonNullable<NonNullable<PlaceCheckoutOrderMutation['placeOrder']>['orderV2']>;

/** The confirmation page reads the order from here: the cart is closed and no longer queryable. */
export const PLACED_ORDER_KEY = 'vela.checkout.placedOrder';

/** An order that went through without its answer: all the confirmation page knows is the e-mail. */
export const UNCONFIRMED_ORDER_KEY = 'vela.checkout.unconfirmedOrder';

export interface UnconfirmedOrder {
  email: string | null;
}

export function saveUnconfirmedOrder(order: UnconfirmedOrder): void {
  try {
    window.sessionStorage.removeItem(PLACED_ORDER_KEY);
    window.sessionStorage.setItem(UNCONFIRMED_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Without storage the confirmation page shows the generic thank-you.
  }
}

export function loadUnconfirmedOrder(): UnconfirmedOrder | null {
  try {
    const json = window.sessionStorage.getItem(UNCONFIRMED_ORDER_KEY);
    const order = json ? (JSON.parse(json) as UnconfirmedOrder) : null;
    return order && typeof order === 'object' ? { email: typeof order.email === 'string' ? order.email : null } : null;
  } catch {
    return null;
  }
}

export function savePlacedOrder(order: PlacedOrder): void {
  try {
    window.sessionStorage.removeItem(UNCONFIRMED_ORDER_KEY);
    window.sessionStorage.setItem(PLACED_ORDER_KEY, JSON.stringify(order));
  } catch {
    // Without storage the confirmation page shows the generic thank-you.
  }
}

export function loadPlacedOrder(): PlacedOrder | null {
  try {
    const json = window.sessionStorage.getItem(PLACED_ORDER_KEY);
    const order = json ? (JSON.parse(json) as PlacedOrder) : null;
    return order && typeof order.number === 'string' ? order : null;
  } catch {
    return null;
  }
}
