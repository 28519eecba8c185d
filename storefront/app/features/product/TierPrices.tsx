import { useQuery } from '@apollo/client/react';
import { FormattedMessage } from 'react-intl';
import { Price } from '@vela/ui/Price';
import { graphql } from '../../__generated__/gql';
import { useHydrated } from '../../shared/useHydrated';
import styles from './ProductPrice.module.css';

// Quantity discounts (Magento's price_tiers): "Buy 5 for $15.00 each and save 25%". They depend on
// who asks (a wholesale customer sees the wholesale tiers), so they are asked from the browser once
// hydrated, with the customer's token when signed in, and never kept from the server's render.

const TierPricesQuery = graphql(`
  query ProductTierPrices($sku: String!) {
    products(filter: { sku: { eq: $sku } }) {
      items {
        uid
        price_tiers {
          quantity
          final_price {
            value
            currency
          }
          discount {
            percent_off
          }
        }
      }
    }
  }
`);

export function TierPrices({ sku }: { sku: string }) {
  const hydrated = useHydrated();
  const { data } = useQuery(TierPricesQuery, {
    variables: { sku },
    skip: !hydrated || !sku,
    fetchPolicy: 'network-only',
  });
  const tiers = (data?.products?.items?.[0]?.price_tiers ?? []).flatMap((tier) =>
    tier?.quantity != null && tier.final_price?.value != null && tier.final_price.currency
      ? [
          {
            quantity: tier.quantity,
            value: tier.final_price.value,
            currency: tier.final_price.currency,
            percent: Math.round(tier.discount?.percent_off ?? 0),
          },
        ]
      : [],
  );
  if (tiers.length === 0) return null;
  return (
    <ul className={styles.tiers}>
      {tiers.map((tier) => (
        <li key={tier.quantity}>
          <FormattedMessage
            id="product.tierPrice"
            defaultMessage="Buy {quantity, number} for {price} each and save {percent, number}%"
            values={{
              quantity: tier.quantity,
              price: <Price value={tier.value} currency={tier.currency} />,
              percent: tier.percent,
            }}
          />
        </li>
      ))}
    </ul>
  );
}
