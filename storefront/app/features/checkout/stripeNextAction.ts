// 3-D Secure for a saved Stripe card: no Payment Element is on screen, so Stripe.js is loaded here,
// lazily (this module is imported only when a saved card's payment asks for the next action).
import type { StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** `stripe.handleNextAction`: null once the shopper finished it, else Stripe's reason. */
export async function finishNextAction(apiKey: string, locale: string, clientSecret: string): Promise<string | null> {
  const stripe = await loadStripe(apiKey, { locale: locale as StripeElementLocale });
  if (!stripe) return 'Stripe could not load.';
  const result = await stripe.handleNextAction({ clientSecret });
  return result.error ? (result.error.message ?? '') : null;
}
