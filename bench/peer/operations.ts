// The four storefront operations on each side, chosen by the same rules on both servers:
//  1. category listing: the biggest category (Vela) / collection (Vendure), 24 items + facets;
//  2. product page: the first product with variants in that listing;
//  3. text search, 24 items + facets: of the last words of the listing's product names (four
//     letters or more: a shopper's noun, not "pc"), the one that matches the most products;
//  4. add to cart + read the cart: a one-variant product, one cart per connection at a time.
// Each operation is sent once before the load to check it works and to count what it returns
// (items, facet values, variants, bytes), so the report shows whether the work is alike.
import { getRequest, noGraphQLErrors, postRequest, send, type Operation, type Session } from './load';
import {
  VENDURE_ACTIVE_ORDER,
  VENDURE_ADD_TO_CART,
  VENDURE_COLLECTION_LISTING,
  VENDURE_COLLECTION_SIZE,
  VENDURE_COLLECTIONS,
  VENDURE_PRODUCT,
  VENDURE_PRODUCTS_WITH_VARIANTS,
  VENDURE_SEARCH,
} from './documents';

export const OPERATION_NAMES = ['category listing', 'product page', 'text search', 'add to cart + read cart'] as const;
export type OperationName = (typeof OPERATION_NAMES)[number];

/** What one answer of an operation holds: the "comparable work" check. */
export interface Work {
  operation: OperationName;
  detail: string;
  items?: number;
  total?: number;
  facetValues?: number;
  variants?: number;
  bytes: number;
}

export interface Workload {
  operations: Operation[];
  work: Work[];
}

/** Carts per run: one per connection, and a few spare. */
const cartCount = (connections: number) => connections + 4;

/** The last word of each name, lower case: the candidate search terms. */
const lastWords = (names: string[]) => [
  ...new Set(names.map((name) => name.split(/\s+/).at(-1)!.toLowerCase()).filter((word) => word.length >= 4)),
];

// ---------------------------------------------------------------- Vela

interface VelaCategory {
  uid: string;
  name: string;
  product_count: number;
  children?: VelaCategory[] | null;
}
interface VelaListing {
  products: {
    total_count: number;
    aggregations: { options: unknown[] | null }[] | null;
    items: { __typename: string; sku: string; name: string; url_key: string }[];
  };
}
interface VelaProductPage {
  products: { items: { name: string; variants?: unknown[]; media_gallery?: unknown[] | null }[] };
}
interface VelaCart {
  cart: { total_quantity: number; itemsV2: { items: unknown[] } };
}

const velaFacetValues = (listing: VelaListing) =>
  (listing.products.aggregations ?? []).reduce((sum, a) => sum + (a.options?.length ?? 0), 0);

/** Vela's side: the storefront's CatalogListing, ProductPage, CartAddProducts and CartDetails documents. */
export async function velaWorkload(
  base: string,
  documents: { listing: string; product: string; addToCart: string; cart: string; createCart: string },
  connections: number,
): Promise<Workload> {
  const { categoryList } = (
    await send<{
      categoryList: { children: VelaCategory[] | null }[];
    }>(
      base,
      getRequest(
        '/graphql',
        '{ categoryList { children { uid name product_count children { uid name product_count } } } }',
        {},
      ),
    )
  ).data;
  // The categories a shopper sees (the root's children and theirs), not the root itself.
  const category = categoryList
    .flatMap((root) => root.children ?? [])
    .flatMap((c) => [c, ...(c.children ?? [])])
    .sort((a, b) => b.product_count - a.product_count)[0];
  if (!category) throw new Error('Vela: no categories');
  const listingRequest = getRequest('/graphql', documents.listing, {
    filter: { category_uid: { eq: category.uid } },
    pageSize: 24,
    currentPage: 1,
    sort: { position: 'ASC' },
  });
  const listing = await send<VelaListing>(base, listingRequest);
  const items = listing.data.products.items;
  // A category of clothes may have no simple product on its first page: then the catalog's first.
  const more = async () =>
    (
      await send<VelaListing>(
        base,
        getRequest(
          '/graphql',
          '{ products(filter: {}, pageSize: 100, sort: { position: ASC }) { total_count aggregations { options { value } } items { __typename sku name url_key } } }',
          {},
        ),
      )
    ).data.products.items;
  const configurable =
    items.find((item) => item.__typename === 'ConfigurableProduct') ??
    (await more()).find((item) => item.__typename === 'ConfigurableProduct');
  const simple =
    items.find((item) => item.__typename === 'SimpleProduct') ??
    (await more()).find((item) => item.__typename === 'SimpleProduct');
  if (!configurable || !simple) throw new Error(`Vela: no configurable or no simple product`);

  const productRequest = getRequest('/graphql', documents.product, { urlKey: configurable.url_key });
  const product = await send<VelaProductPage>(base, productRequest);
  const page = product.data.products.items[0]!;

  let best: { term: string; result: Awaited<ReturnType<typeof send<VelaListing>>> } | undefined;
  for (const term of lastWords(items.map((item) => item.name))) {
    const result = await send<VelaListing>(
      base,
      getRequest('/graphql', documents.listing, { search: term, pageSize: 24, currentPage: 1 }),
    );
    if (!best || result.data.products.total_count > best.result.data.products.total_count) best = { term, result };
  }
  if (!best) throw new Error('Vela: no search term in the listing');
  const search = best;
  const searchRequest = getRequest('/graphql', documents.listing, {
    search: search.term,
    pageSize: 24,
    currentPage: 1,
  });

  // Carts made before the run, each holding the product once, as Vendure's sessions below do.
  const addRequest = (cartId: Session) =>
    postRequest('/graphql', documents.addToCart, { cartId, cartItems: [{ sku: simple.sku, quantity: 1 }] });
  const addCheck = (body: string) =>
    noGraphQLErrors(body) ?? (body.includes('"user_errors":[]') ? undefined : `cart error: ${body.slice(0, 300)}`);
  const cartRequest = (cartId: Session) => postRequest('/graphql', documents.cart, { cartId });
  const sessions: Session[] = [];
  for (let i = 0; i < cartCount(connections); i++) {
    const created = await send<{ createGuestCart: { cart: { id: string } } }>(
      base,
      postRequest('/graphql', documents.createCart, {}),
    );
    const cartId = created.data.createGuestCart.cart.id;
    await send(base, addRequest(cartId), addCheck);
    sessions.push(cartId);
  }
  const cart = await send<VelaCart>(base, cartRequest(sessions[0]!));
  const added = await send(base, addRequest(sessions[0]!), addCheck);

  return {
    operations: [
      { name: OPERATION_NAMES[0], steps: [{ request: () => listingRequest, check: noGraphQLErrors }] },
      { name: OPERATION_NAMES[1], steps: [{ request: () => productRequest, check: noGraphQLErrors }] },
      { name: OPERATION_NAMES[2], steps: [{ request: () => searchRequest, check: noGraphQLErrors }] },
      {
        name: OPERATION_NAMES[3],
        sessions,
        steps: [
          { request: addRequest, check: addCheck },
          { request: cartRequest, check: noGraphQLErrors },
        ],
      },
    ],
    work: [
      {
        operation: OPERATION_NAMES[0],
        detail: `category "${category.name}" (GET)`,
        items: items.length,
        total: listing.data.products.total_count,
        facetValues: velaFacetValues(listing.data),
        bytes: listing.bytes,
      },
      {
        operation: OPERATION_NAMES[1],
        detail: `"${page.name}" (GET)`,
        variants: page.variants?.length ?? 0,
        bytes: product.bytes,
      },
      {
        operation: OPERATION_NAMES[2],
        detail: `"${search.term}" (GET)`,
        items: search.result.data.products.items.length,
        total: search.result.data.products.total_count,
        facetValues: velaFacetValues(search.result.data),
        bytes: search.result.bytes,
      },
      {
        operation: OPERATION_NAMES[3],
        detail: `add ${simple.sku}, read cart (POST)`,
        items: cart.data.cart.itemsV2.items.length,
        bytes: added.bytes + cart.bytes,
      },
    ],
  };
}

// ---------------------------------------------------------------- Vendure

interface VendureSearch {
  search: {
    totalItems: number;
    items: { slug: string; productName: string }[];
    facetValues: unknown[];
  };
}
interface VendureProducts {
  products: { items: { slug: string; name: string; variants: { id: string; sku: string }[] }[] };
}

/** Vendure's side: Shop API search, product, addItemToOrder and activeOrder, bearer-token sessions. */
export async function vendureWorkload(base: string, connections: number): Promise<Workload> {
  const path = '/shop-api';
  const { collections } = (
    await send<{ collections: { items: { slug: string; name: string }[] } }>(
      base,
      postRequest(path, VENDURE_COLLECTIONS, {}),
    )
  ).data;
  let biggest: { slug: string; name: string; total: number } | undefined;
  for (const collection of collections.items) {
    const size = await send<VendureSearch>(base, postRequest(path, VENDURE_COLLECTION_SIZE, { slug: collection.slug }));
    if (!biggest || size.data.search.totalItems > biggest.total)
      biggest = { ...collection, total: size.data.search.totalItems };
  }
  if (!biggest) throw new Error('Vendure: no collections');
  const listingRequest = postRequest(path, VENDURE_COLLECTION_LISTING, { slug: biggest.slug });
  const listing = await send<VendureSearch>(base, listingRequest);
  const items = listing.data.search.items;
  const { products } = (
    await send<VendureProducts>(
      base,
      postRequest(path, VENDURE_PRODUCTS_WITH_VARIANTS, { slugs: items.map((item) => item.slug) }),
    )
  ).data;
  const inListingOrder = items
    .map((item) => products.items.find((p) => p.slug === item.slug))
    .filter((p) => p !== undefined);
  const withVariants = inListingOrder.find((p) => p.variants.length > 1);
  const single = inListingOrder.find((p) => p.variants.length === 1) ?? withVariants;
  if (!withVariants || !single) throw new Error(`Vendure: no product with variants in ${biggest.name}`);

  const productRequest = postRequest(path, VENDURE_PRODUCT, { slug: withVariants.slug });
  const product = await send<{ product: { name: string; variants: unknown[] } }>(base, productRequest);

  let best: { term: string; result: Awaited<ReturnType<typeof send<VendureSearch>>> } | undefined;
  for (const term of lastWords(items.map((item) => item.productName))) {
    const result = await send<VendureSearch>(base, postRequest(path, VENDURE_SEARCH, { term }));
    if (!best || result.data.search.totalItems > best.result.data.search.totalItems) best = { term, result };
  }
  if (!best) throw new Error('Vendure: no search term in the listing');
  const search = best;
  const searchRequest = postRequest(path, VENDURE_SEARCH, { term: search.term });

  const variantId = single.variants[0]!.id;
  const bearer = (token: Session) => ({ authorization: `Bearer ${token}` });
  const addRequest = (token: Session) => postRequest(path, VENDURE_ADD_TO_CART, { variantId }, bearer(token));
  // addItemToOrder answers an ErrorResult (insufficient stock, limits) with HTTP 200 and no errors.
  const addCheck = (body: string) =>
    noGraphQLErrors(body) ?? (body.includes('"__typename":"Order"') ? undefined : `cart error: ${body.slice(0, 300)}`);
  const cartRequest = (token: Session) => postRequest(path, VENDURE_ACTIVE_ORDER, {}, bearer(token));
  const cartCheck = (body: string) =>
    noGraphQLErrors(body) ?? (body.includes('"activeOrder":{') ? undefined : `no active order: ${body.slice(0, 300)}`);
  // A session starts with the first add (the answer's vendure-auth-token header carries its token).
  const sessions: Session[] = [];
  for (let i = 0; i < cartCount(connections); i++) {
    const first = await send(base, postRequest(path, VENDURE_ADD_TO_CART, { variantId }), addCheck);
    const token = first.headers.get('vendure-auth-token');
    if (!token) throw new Error('Vendure: no vendure-auth-token header on addItemToOrder');
    sessions.push(token);
  }
  const cart = await send<{ activeOrder: { lines: unknown[] } }>(base, cartRequest(sessions[0]!), cartCheck);
  const added = await send(base, addRequest(sessions[0]!), addCheck);

  return {
    operations: [
      { name: OPERATION_NAMES[0], steps: [{ request: () => listingRequest, check: noGraphQLErrors }] },
      { name: OPERATION_NAMES[1], steps: [{ request: () => productRequest, check: noGraphQLErrors }] },
      { name: OPERATION_NAMES[2], steps: [{ request: () => searchRequest, check: noGraphQLErrors }] },
      {
        name: OPERATION_NAMES[3],
        sessions,
        steps: [
          { request: addRequest, check: addCheck },
          { request: cartRequest, check: cartCheck },
        ],
      },
    ],
    work: [
      {
        operation: OPERATION_NAMES[0],
        detail: `collection "${biggest.name}" (POST)`,
        items: items.length,
        total: listing.data.search.totalItems,
        facetValues: listing.data.search.facetValues.length,
        bytes: listing.bytes,
      },
      {
        operation: OPERATION_NAMES[1],
        detail: `"${product.data.product.name}" (POST)`,
        variants: product.data.product.variants.length,
        bytes: product.bytes,
      },
      {
        operation: OPERATION_NAMES[2],
        detail: `"${search.term}" (POST)`,
        items: search.result.data.search.items.length,
        total: search.result.data.search.totalItems,
        facetValues: search.result.data.search.facetValues.length,
        bytes: search.result.bytes,
      },
      {
        operation: OPERATION_NAMES[3],
        detail: `add ${single.variants[0]!.sku}, read active order (POST)`,
        items: cart.data.activeOrder.lines.length,
        bytes: added.bytes + cart.bytes,
      },
    ],
  };
}
