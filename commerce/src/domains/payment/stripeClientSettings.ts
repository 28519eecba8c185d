/** What the storefront may know of the shop's Stripe set-up: never the secret key. */
export interface StripeClientSettings {
  publishableKey: string;
  captureLater: boolean;
}
