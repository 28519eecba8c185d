import type { ApolloClient } from '@apollo/client';
import { graphql } from '../../__generated__/gql';

// What the footer's "Ways to pay" lists, from what the backend answers: check / money order from
// Magento's StoreConfig switch, cards when Stripe's module (getStripeConfiguration) or Braintree's
// (StoreConfig.braintree_environment) says the shop takes them. A backend without a module answers
// an error for its query: no cards through it. Bank transfer and cash on delivery have no switch in
// Magento's GraphQL: they stay listed, as the embedded backend offers them.

const StripeOnQuery = graphql(`
  query WaysToPayStripe {
    getStripeConfiguration {
      apiKey
    }
  }
`);

const BraintreeOnQuery = graphql(`
  query WaysToPayBraintree {
    storeConfig {
      braintree_environment
    }
  }
`);

export interface WaysToPay {
  checkMo: boolean;
  /** A card gateway (Stripe or Braintree) is on. */
  cards: boolean;
}

/** The backend's answers, each failure read as "not taken". */
export async function loadWaysToPay(
  client: ApolloClient,
  checkMoEnabled: boolean | null | undefined,
): Promise<WaysToPay> {
  const [stripe, braintree] = await Promise.all([
    client
      .query({ query: StripeOnQuery })
      .then(({ data }) => Boolean(data?.getStripeConfiguration?.apiKey))
      .catch(() => false),
    client
      .query({ query: BraintreeOnQuery })
      .then(({ data }) => Boolean(data?.storeConfig?.braintree_environment))
      .catch(() => false),
  ]);
  // Magento answers null for a switch never saved; its default is on.
  return { checkMo: checkMoEnabled !== false, cards: stripe || braintree };
}
