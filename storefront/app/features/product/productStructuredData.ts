import { moneyValue } from '../../shared/money';
import { absoluteUrl, breadcrumbList, withContext, type JsonLd } from '../../shared/structuredData';
import { productBreadcrumbs } from './productBreadcrumbs';
import { htmlToText, productPath } from './productMeta';
import type { ProductPageProduct } from './productPageQuery';

// Product pages as search engines read them: a `Product` with its offer, or for a configurable
// product a `ProductGroup` whose variants each carry their own offer; and the category trail.

const AVAILABILITY = { IN_STOCK: 'https://schema.org/InStock', OUT_OF_STOCK: 'https://schema.org/OutOfStock' };
/** Option codes schema.org has a property for; others are named by their code. */
const VARIES_BY: Record<string, string> = {
  color: 'https://schema.org/color',
  size: 'https://schema.org/size',
  material: 'https://schema.org/material',
};

type Gallery = ProductPageProduct['media_gallery'];

function images(gallery: Gallery, fallback: string | null | undefined, origin: string): string[] {
  const urls = (gallery ?? [])
    .filter((entry) => entry?.url && !entry.disabled)
    .map((entry) => absoluteUrl(entry!.url!, origin));
  if (urls.length === 0 && fallback) urls.push(absoluteUrl(fallback, origin));
  return [...new Set(urls)];
}

function offer(
  price: { value?: number | null; currency?: string | null } | null | undefined,
  stock: string | null | undefined,
  url: string,
): JsonLd | null {
  const money = moneyValue(price);
  if (!money) return null;
  return {
    '@type': 'Offer',
    price: money.value,
    priceCurrency: money.currency,
    availability: AVAILABILITY[stock === 'IN_STOCK' ? 'IN_STOCK' : 'OUT_OF_STOCK'],
    url,
    itemCondition: 'https://schema.org/NewCondition',
  };
}

function brandOf(product: ProductPageProduct): JsonLd | undefined {
  for (const attribute of product.custom_attributesV2?.items ?? []) {
    if (attribute?.code !== 'brand' && attribute?.code !== 'manufacturer') continue;
    const name =
      attribute.__typename === 'AttributeValue'
        ? attribute.value
        : attribute.__typename === 'AttributeSelectedOptions'
          ? attribute.selected_options?.[0]?.label
          : null;
    if (name) return { '@type': 'Brand', name };
  }
  return undefined;
}

/**
 * The approved reviews' summary and the reviews shown on the page. rating_summary is a percent
 * (5 stars = 100): schema.org's ratingValue is in stars, on the same 1–5 scale as each review.
 */
function reviewsOf(product: ProductPageProduct): Record<string, unknown> {
  const count = product.review_count ?? 0;
  if (count === 0) return {};
  const reviews = (product.reviews?.items ?? []).flatMap((review) =>
    review
      ? [
          {
            '@type': 'Review',
            author: { '@type': 'Person', name: review.nickname },
            datePublished: review.created_at.slice(0, 10),
            name: review.summary,
            reviewBody: review.text,
            reviewRating: { '@type': 'Rating', ratingValue: review.average_rating, bestRating: 5, worstRating: 1 },
          },
        ]
      : [],
  );
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(((product.rating_summary ?? 0) / 20) * 10) / 10,
      bestRating: 5,
      worstRating: 1,
      reviewCount: count,
    },
    ...(reviews.length > 0 ? { review: reviews } : {}),
  };
}

/** `base` is the store's page base (`https://shop/fr`), `origin` the site's (images live there). */
export function productStructuredData(product: ProductPageProduct, pageBase: string, origin = pageBase): JsonLd[] {
  const url = `${pageBase}${productPath(product)}`;
  const name = product.name ?? '';
  const description = htmlToText(product.description?.html || product.short_description?.html || '') || undefined;
  const base = {
    name,
    description,
    image: images(product.media_gallery, product.image?.url, origin),
    brand: brandOf(product),
    ...reviewsOf(product),
  };
  const nodes: JsonLd[] = [];
  const minimum = product.price_range?.minimum_price?.final_price;

  if (product.__typename === 'ConfigurableProduct' && product.variants?.length) {
    const optionCodes = new Set<string>();
    const variants = product.variants.flatMap((variant) => {
      const child = variant?.product;
      if (!variant || !child?.sku) return [];
      for (const attribute of variant.attributes ?? []) if (attribute?.code) optionCodes.add(attribute.code);
      const choice = (variant.attributes ?? [])
        .map((attribute) => attribute?.label)
        .filter(Boolean)
        .join(', ');
      // The page opens with this variant chosen (see selectionUrl.ts): `?color=Teal&size=XS`.
      const choiceParams = new URLSearchParams();
      for (const attribute of variant.attributes ?? [])
        if (attribute?.code && attribute.label) choiceParams.set(attribute.code, attribute.label);
      const variantUrl = choiceParams.size > 0 ? `${url}?${choiceParams.toString()}` : url;
      const childOffer = offer(child.price_range?.minimum_price?.final_price, child.stock_status, variantUrl);
      const node: JsonLd = {
        '@type': 'Product',
        sku: child.sku,
        name: choice ? `${name} – ${choice}` : name,
        image: images(child.media_gallery, null, origin),
        ...(childOffer ? { offers: childOffer } : {}),
      };
      for (const attribute of variant.attributes ?? []) {
        if (attribute?.code && attribute.label && VARIES_BY[attribute.code]) {
          node[attribute.code] = attribute.label;
        }
      }
      return [node];
    });
    nodes.push(
      withContext({
        '@type': 'ProductGroup',
        ...base,
        url,
        sku: product.sku ?? undefined,
        productGroupID: product.sku ?? undefined,
        variesBy: [...optionCodes].map((code) => VARIES_BY[code] ?? code),
        hasVariant: variants,
      }),
    );
  } else {
    const single = offer(minimum, product.stock_status, url);
    nodes.push(
      withContext({
        '@type': 'Product',
        ...base,
        url,
        sku: product.sku ?? undefined,
        ...(single ? { offers: single } : {}),
      }),
    );
  }

  const trail = productBreadcrumbs(name, product.categories, '')
    .filter((crumb) => crumb.to !== '/')
    .map((crumb) => ({ name: crumb.label, url: crumb.to ? `${pageBase}${crumb.to}` : url }));
  const breadcrumbs = breadcrumbList(trail);
  if (breadcrumbs) nodes.push(breadcrumbs);
  return nodes;
}
