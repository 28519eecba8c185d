import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import type { CheckoutDraft } from './checkoutDraft';

export type CheckoutCart = CheckoutCartFieldsFragment;

/** What every step form gets from the page. */
export interface StepProps {
  cartId: string;
  cart: CheckoutCart;
  draft: CheckoutDraft;
  updateDraft: (patch: Partial<CheckoutDraft>) => void;
  /** The step was saved on the server; the page opens the next one. */
  onDone: () => void;
}
