import { graphql } from '../../__generated__/gql';
import { CATEGORY_CODE, PRICE_CODE, type Filters } from './listingParams';

// With a colour (or any variant attribute) filtered, a card shows the variant that matches it: its
// picture, and a link that opens the product with that choice made. The listing asks for the
// variants only while such a filter is on (`$withVariants`), so unfiltered pages stay light.
export const CatalogCardVariantFields = graphql(`
  fragment CatalogCardVariantFields on ProductInterface {
    uid
    ... on ConfigurableProduct {
      variants {
        # The same attribute fields as the product page's query: a variants list is kept whole in
        # the cache, so the later query's shape must not drop what the other one reads.
        attributes {
          uid
          code
          label
          value_index
        }
        product {
          uid
          stock_status
          small_image {
            url
          }
        }
      }
    }
  }
`);

interface VariantLike {
  attributes?: readonly ({ code?: string | null; value_index?: number | null; label?: string | null } | null)[] | null;
  product?: { stock_status?: string | null; small_image?: { url?: string | null } | null } | null;
}

export interface CardVariant {
  /** The matching variant's picture, when it has one. */
  imageUrl?: string;
  /** `?color=Red`: the product page's own selection parameters (attribute code → value label). */
  search: string;
}

/**
 * The variant a card should show for the listing's filters, or null when the filters say nothing
 * about the product's variants. A variant matches when each filtered attribute it has takes one of
 * the chosen values; one in stock is preferred, and only the filtered attributes go into the link
 * (the shopper still chooses the size).
 */
export function cardVariant(
  product: { variants?: readonly (VariantLike | null)[] | null },
  filters: Filters,
): CardVariant | null {
  const variants = (product.variants ?? []).filter((variant): variant is VariantLike => variant !== null);
  if (variants.length === 0) return null;
  const wanted = Object.entries(filters).filter(
    ([code, values]) => code !== PRICE_CODE && code !== CATEGORY_CODE && values.length > 0,
  );
  const relevant = wanted.filter(([code]) =>
    variants.some((variant) => variant.attributes?.some((attribute) => attribute?.code === code)),
  );
  if (relevant.length === 0) return null;

  const matches = variants.filter((variant) =>
    relevant.every(([code, values]) => {
      const attribute = variant.attributes?.find((candidate) => candidate?.code === code);
      return attribute?.value_index != null && values.includes(String(attribute.value_index));
    }),
  );
  const best = matches.find((variant) => variant.product?.stock_status !== 'OUT_OF_STOCK') ?? matches[0];
  if (!best) return null;

  const params = new URLSearchParams();
  for (const [code] of relevant) {
    const label = best.attributes?.find((attribute) => attribute?.code === code)?.label;
    if (label) params.set(code, label);
  }
  const imageUrl = best.product?.small_image?.url ?? undefined;
  const query = params.toString();
  const search = query ? `?${query}` : '';
  return imageUrl ? { imageUrl, search } : { search };
}
