// Vendure's Shop API documents for the four storefront operations. They ask for what a Vendure
// storefront shows on the same pages (the fields of Vendure's own storefront starters), so that
// each side does the work its storefront would ask of it. Vela's documents are its storefront's
// own (storefront/app/__generated__/graphql.ts).

const SEARCH_RESULT = `
    totalItems
    items {
      productId productName slug sku
      productAsset { id preview }
      priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } }
      currencyCode
    }
    facetValues { count facetValue { id name facet { id name } } }`;

/** Category listing: one collection, 24 products, facet counts. */
export const VENDURE_COLLECTION_LISTING = `query CollectionListing($slug: String!) {
  search(input: { collectionSlug: $slug, take: 24, groupByProduct: true }) {${SEARCH_RESULT}
  }
}`;

/** Text search: 24 products, facet counts. */
export const VENDURE_SEARCH = `query SearchListing($term: String!) {
  search(input: { term: $term, take: 24, groupByProduct: true }) {${SEARCH_RESULT}
  }
}`;

/** Product page: the product with its variants, options, prices, images, facets and breadcrumbs. */
export const VENDURE_PRODUCT = `query ProductDetail($slug: String!) {
  product(slug: $slug) {
    id name slug description
    featuredAsset { id preview }
    assets { id preview }
    facetValues { id code name facet { id code name } }
    collections { id slug name breadcrumbs { id name slug } }
    optionGroups { id code name options { id code name } }
    variants {
      id name sku price priceWithTax currencyCode stockLevel
      featuredAsset { id preview }
      options { id code name groupId }
    }
  }
}`;

const ACTIVE_ORDER = `fragment ActiveOrder on Order {
  id code state active totalQuantity subTotalWithTax shippingWithTax totalWithTax currencyCode couponCodes
  discounts { description amountWithTax }
  shippingLines { shippingMethod { id name } priceWithTax }
  lines {
    id quantity unitPriceWithTax linePriceWithTax discountedLinePriceWithTax
    featuredAsset { id preview }
    productVariant { id name sku stockLevel product { id slug name } }
  }
}`;

/** Add to cart: returns the order, as Vela's CartAddProducts returns the cart. */
export const VENDURE_ADD_TO_CART = `mutation AddToCart($variantId: ID!) {
  addItemToOrder(productVariantId: $variantId, quantity: 1) {
    __typename
    ... on Order { ...ActiveOrder }
    ... on ErrorResult { errorCode message }
  }
}
${ACTIVE_ORDER}`;

/** Cart read. */
export const VENDURE_ACTIVE_ORDER = `query ActiveOrder { activeOrder { ...ActiveOrder } }
${ACTIVE_ORDER}`;

/** Discovery: collections, to pick the biggest one, as Vela's side picks its biggest category. */
export const VENDURE_COLLECTIONS = `query { collections(options: { take: 100 }) { items { slug name } } }`;
export const VENDURE_COLLECTION_SIZE = `query($slug: String!) {
  search(input: { collectionSlug: $slug, take: 1, groupByProduct: true }) { totalItems items { slug productName } }
}`;
export const VENDURE_PRODUCTS_WITH_VARIANTS = `query($slugs: [String!]) {
  products(options: { take: 100, filter: { slug: { in: $slugs } } }) { items { slug name variants { id sku } } }
}`;
export const VENDURE_FIRST_PRODUCTS = `query { products(options: { take: 100, sort: { id: ASC } }) { items { slug name variants { id sku } } } }`;
