import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import { errorOf, openAccountShop, signUp } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;
let item: Fixture;
let soldOut: Fixture;
let parent: { sku: string };
let variant: { sku: string };

beforeAll(async () => {
  shop = await openAccountShop();
  item = simpleProduct({ sql: shop.sql } as Shop, { price: 2500, stock: 100 });
  soldOut = simpleProduct({ sql: shop.sql } as Shop, { price: 1000, stock: 0, offset: 1 });
  const row = shop.sql
    .prepare(
      `select p.sku as parent, v.sku as variant from product p join product v on v.parent_id = p.id
    where p.type = 'configurable' and v.in_stock = 1 and v.stock_qty > 5 order by p.id, v.id limit 1`,
    )
    .get() as { parent: string; variant: string };
  parent = { sku: row.parent };
  variant = { sku: row.variant };
}, 60_000);

afterAll(async () => shop?.close());

const WISHLIST = `id items_count sharing_code items_v2 { items { id quantity description product { sku }
  ... on ConfigurableWishlistItem { configured_variant { sku } configurable_options { option_label value_label } } } page_info { total_pages } }`;
const ADD = `mutation($w: ID!, $items: [WishlistItemInput!]!) { addProductsToWishlist(wishlistId: $w, wishlistItems: $items) { user_errors { code message } wishlist { ${WISHLIST} } } }`;

async function wishlistId(token: string): Promise<string> {
  return (await shop.gql('{ customer { wishlists { id } } }', {}, token)).data.customer.wishlists[0].id as string;
}

describe('wishlist', () => {
  it('is made on first read and is the same through wishlists, wishlist_v2, wishlist and Query.wishlist', async () => {
    const { token } = await signUp(shop);
    const id = await wishlistId(token);
    const read = await shop.gql(
      'query($id: ID!) { customer { wishlist { id items_count } wishlist_v2(id: $id) { id } wishlists { id } } wishlist { items_count sharing_code } }',
      { id },
      token,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.customer).toEqual({ wishlist: { id, items_count: 0 }, wishlist_v2: { id }, wishlists: [{ id }] });
    expect(read.data.wishlist.sharing_code).toMatch(/^[\w-]{32}$/);
  });

  it('adds simple and configurable products, merges repeats and reports unknown SKUs as user errors', async () => {
    const { token } = await signUp(shop);
    const id = await wishlistId(token);
    const result = await shop.gql(
      ADD,
      {
        w: id,
        items: [
          { sku: item.sku, quantity: 1 },
          { sku: item.sku, quantity: 2 },
          { sku: variant.sku, parent_sku: parent.sku, quantity: 1 },
          { sku: parent.sku, quantity: 1 },
          { sku: 'NO-SUCH-SKU', quantity: 1 },
        ],
      },
      token,
    );
    expect(result.errors).toBeUndefined();
    const out = result.data.addProductsToWishlist;
    expect(out.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product with SKU "NO-SUCH-SKU"' },
    ]);
    expect(out.wishlist.items_count).toBe(3);
    const [simple, configured, bare] = out.wishlist.items_v2.items;
    expect(simple).toMatchObject({ quantity: 3, product: { sku: item.sku } });
    expect(configured).toMatchObject({ product: { sku: parent.sku }, configured_variant: { sku: variant.sku } });
    expect(configured.configurable_options.length).toBeGreaterThan(0);
    expect(bare).toMatchObject({ product: { sku: parent.sku }, configured_variant: null, configurable_options: [] });
  });

  it('updates quantity and description, and removes items', async () => {
    const { token } = await signUp(shop);
    const id = await wishlistId(token);
    const itemId = (await shop.gql(ADD, { w: id, items: [{ sku: item.sku, quantity: 1 }] }, token)).data
      .addProductsToWishlist.wishlist.items_v2.items[0].id;
    const updated = await shop.gql(
      `mutation($w: ID!, $items: [WishlistItemUpdateInput!]!) { updateProductsInWishlist(wishlistId: $w, wishlistItems: $items) { user_errors { code message } wishlist { ${WISHLIST} } } }`,
      {
        w: id,
        items: [
          { wishlist_item_id: itemId, quantity: 4, description: 'for the office' },
          { wishlist_item_id: '999999', quantity: 1 },
        ],
      },
      token,
    );
    expect(updated.data.updateProductsInWishlist.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a wishlist item with ID "999999"' },
    ]);
    expect(updated.data.updateProductsInWishlist.wishlist.items_v2.items[0]).toMatchObject({
      quantity: 4,
      description: 'for the office',
    });
    const removed = await shop.gql(
      'mutation($w: ID!, $ids: [ID!]!) { removeProductsFromWishlist(wishlistId: $w, wishlistItemsIds: $ids) { user_errors { message } wishlist { items_count } } }',
      { w: id, ids: [itemId] },
      token,
    );
    expect(removed.data.removeProductsFromWishlist).toEqual({ user_errors: [], wishlist: { items_count: 0 } });
  });

  it('moves items to the customer cart; what the cart refuses stays with the reason', async () => {
    const { token } = await signUp(shop);
    const id = await wishlistId(token);
    const items = (
      await shop.gql(
        ADD,
        {
          w: id,
          items: [
            { sku: item.sku, quantity: 2 },
            { sku: soldOut.sku, quantity: 1 },
            { sku: variant.sku, parent_sku: parent.sku, quantity: 1 },
          ],
        },
        token,
      )
    ).data.addProductsToWishlist.wishlist.items_v2.items as Array<{ id: string }>;
    const moved = await shop.gql(
      `mutation($w: ID!) { addWishlistItemsToCart(wishlistId: $w) {
      status add_wishlist_items_to_cart_user_errors { code message wishlistId wishlistItemId } wishlist { items_v2 { items { id product { sku } } } } } }`,
      { w: id },
      token,
    );
    expect(moved.errors).toBeUndefined();
    const out = moved.data.addWishlistItemsToCart;
    expect(out.status).toBe(false);
    expect(out.add_wishlist_items_to_cart_user_errors).toEqual([
      {
        code: 'NOT_SALABLE',
        message: 'Product that you are trying to add is not available.',
        wishlistId: id,
        wishlistItemId: items[1]!.id,
      },
    ]);
    expect(out.wishlist.items_v2.items).toEqual([{ id: items[1]!.id, product: { sku: soldOut.sku } }]);
    const cart = (await shop.gql('{ customerCart { items { quantity product { sku } } } }', {}, token)).data
      .customerCart;
    expect(cart.items).toEqual([
      { quantity: 2, product: { sku: item.sku } },
      { quantity: 1, product: { sku: parent.sku } },
    ]);
    const unknown = await shop.gql(
      'mutation($w: ID!) { addWishlistItemsToCart(wishlistId: $w, wishlistItemIds: ["424242"]) { status } }',
      { w: id },
      token,
    );
    expect(errorOf(unknown)?.message).toBe('The wishlist item ids "424242" were not found.');
  });
});
