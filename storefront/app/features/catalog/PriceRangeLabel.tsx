import { FormattedMessage } from 'react-intl';
import { Price } from '@vela/ui/Price';
import { parsePriceRange } from './listingParams';

/** A price bucket such as `20_50` in the store's currency; the API's own label if unknown. */
export function PriceRangeLabel({
  value,
  currency,
  fallback,
}: {
  value: string;
  currency: string | null;
  fallback: string;
}) {
  const range = parsePriceRange(value);
  if (!range || !currency) return <>{fallback}</>;
  const from = range.from === undefined ? null : <Price value={Number(range.from)} currency={currency} />;
  const to = range.to === undefined ? null : <Price value={Number(range.to)} currency={currency} />;
  if (from && to)
    return <FormattedMessage id="catalog.price.between" defaultMessage="{from} – {to}" values={{ from, to }} />;
  if (from) return <FormattedMessage id="catalog.price.from" defaultMessage="{from} and above" values={{ from }} />;
  return <FormattedMessage id="catalog.price.upTo" defaultMessage="Up to {to}" values={{ to }} />;
}
