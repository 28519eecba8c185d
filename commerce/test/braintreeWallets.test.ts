// Apple Pay and Google Pay through Braintree, in the dialect of Magento's Braintree module: the
// method codes `braintree_applepay` / `braintree_googlepay`, the wallet's nonce in the same
// `braintree` input as a card, and the StoreConfig fields a storefront reads for the wallets' sheets.
// Over real HTTP, the official `braintree` SDK against the local fake gateway (its sandbox nonces).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { Fixture, Shop } from './cartHarness';
import { startBraintreeFake, type BraintreeFake } from './fakes/braintreeFake';
import { serveOverHttp, type ShopOverHttp } from './fakes/shopOverHttp';

const SET_WALLET = `mutation($id: String!, $code: String!, $nonce: String!) { setPaymentMethodOnCart(input: { cart_id: $id,
  payment_method: { code: $code, braintree: { payment_method_nonce: $nonce, is_active_payment_token_enabler: true } } }) {
  cart { selected_payment_method { code title } } } }`;
const METHODS = 'query($id: String!) { cart(cart_id: $id) { available_payment_methods { code title } } }';
const WALLET_CONFIG = `{ storeConfig { braintree_applepay_merchant_name braintree_applepay_vault_active
  braintree_googlepay_merchant_id braintree_googlepay_vault_active } }`;

interface WalletShop {
  fake: BraintreeFake;
  shop: Shop;
  http: ShopOverHttp;
  product: Fixture;
}

async function openWalletShop(wallets: boolean, offset: number): Promise<WalletShop> {
  const fake = await startBraintreeFake();
  const shop = await openShop({
    braintree: {
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      privateKey: fake.privateKey,
      environment: 'sandbox',
      api: { host: fake.host, port: fake.port },
      ...(wallets
        ? { wallets: { applePayMerchantName: 'Vela Test Shop', googlePay: { merchantId: 'BCR2DN4T' } } }
        : {}),
    },
  });
  const http = await serveOverHttp(shop.commerce);
  shop.gql = (query, variables) => http.gql(query, variables);
  return { fake, shop, http, product: simpleProduct(shop, { price: 2500, stock: 100, offset }) };
}

async function readyCart(s: WalletShop): Promise<string> {
  const id = await newCart(s.shop);
  expect(
    (await addToCart(s.shop, id, [{ sku: s.product.sku, quantity: 1 }])).data.addProductsToCart.user_errors,
  ).toEqual([]);
  await prepareCheckout(s.shop, id);
  return id;
}

let on: WalletShop;
let off: WalletShop;
beforeAll(async () => {
  on = await openWalletShop(true, 11);
  off = await openWalletShop(false, 12);
}, 90_000);
afterAll(async () => {
  for (const s of [on, off]) {
    await s?.http.close();
    await s?.shop.close();
    await s?.fake.close();
  }
});

describe('wallets through Braintree (braintree SDK against a local fake gateway)', () => {
  it('offers Apple Pay and Google Pay while they are switched on, with what their sheets show', async () => {
    const id = await readyCart(on);
    const codes = (await on.shop.gql(METHODS, { id })).data.cart.available_payment_methods.map(
      (m: { code: string }) => m.code,
    );
    expect(codes).toEqual(expect.arrayContaining(['braintree', 'braintree_applepay', 'braintree_googlepay']));
    expect((await on.shop.gql(WALLET_CONFIG, {})).data.storeConfig).toEqual({
      braintree_applepay_merchant_name: 'Vela Test Shop',
      braintree_applepay_vault_active: false,
      braintree_googlepay_merchant_id: 'BCR2DN4T',
      braintree_googlepay_vault_active: false,
    });
  });

  it.each([
    ['braintree_applepay', 'Apple Pay', 'fake-apple-pay-visa-nonce'],
    ['braintree_googlepay', 'Google Pay', 'fake-android-pay-visa-nonce'],
  ])(
    'pays with %s: the nonce in `braintree`, the total the server computed, the card never kept',
    async (code, title, nonce) => {
      const id = await readyCart(on);
      const chosen = await on.shop.gql(SET_WALLET, { id, code, nonce });
      expect(chosen.errors).toBeUndefined();
      expect(chosen.data.setPaymentMethodOnCart.cart.selected_payment_method).toEqual({ code, title });
      const placed = await on.shop.gql(PLACE_ORDER, { id });
      expect(placed.errors).toBeUndefined();
      const number = placed.data.placeOrder.orderV2.number as string;
      const row = on.shop.sql
        .prepare('select status, grand_total, payment_method from sales_order where number = ?')
        .get(number) as { status: string; grand_total: number; payment_method: string };
      expect([row.status, row.payment_method]).toEqual(['processing', code]);
      const sale = [...on.fake.transactions.values()].find((t) => t.orderId === number);
      expect(sale?.amount).toBe((row.grand_total / 100).toFixed(2));
      // `is_active_payment_token_enabler: true` is ignored for a wallet: nothing was kept in the vault.
      expect(sale?.token).toBeNull();
    },
  );

  it('refuses a wallet that is off, and a wallet without a nonce, changing nothing', async () => {
    const id = await readyCart(off);
    const codes = (await off.shop.gql(METHODS, { id })).data.cart.available_payment_methods.map(
      (m: { code: string }) => m.code,
    );
    expect(codes).not.toContain('braintree_applepay');
    expect(codes).not.toContain('braintree_googlepay');
    const refused = await off.shop.gql(SET_WALLET, {
      id,
      code: 'braintree_applepay',
      nonce: 'fake-apple-pay-visa-nonce',
    });
    expect(refused.errors?.[0]?.message).toBeDefined();
    expect((await off.shop.gql(WALLET_CONFIG, {})).data.storeConfig.braintree_applepay_merchant_name).toBeNull();

    const onCart = await readyCart(on);
    const empty = await on.shop.gql(SET_WALLET, { id: onCart, code: 'braintree_googlepay', nonce: ' ' });
    expect(empty.errors?.[0]?.message).toBe(
      'Required parameter "payment_method_nonce" for "braintree_googlepay" is missing.',
    );
    const cart = await on.shop.gql('query($id: String!) { cart(cart_id: $id) { selected_payment_method { code } } }', {
      id: onCart,
    });
    // The cart keeps the method it had (prepareCheckout chose check / money order).
    expect(cart.data.cart.selected_payment_method.code).toBe('checkmo');
  });
});
