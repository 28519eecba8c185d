import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct } from './cartHarness';
import type { GraphQLResult, Shop } from './cartHarness';

// Issue 31: Magento answers CustomerOrder.status with the status's label in the language of the
// store view asked (SalesGraphQl's OrderFormatter: $orderModel->getStatusLabel(), translated by
// __()), and CustomerOrder.state with the state's code. Venia shows `status` as it comes.

let shop: Shop;
let placed: { number: string; email: string };
// guestOrder limits lookups per client address (guessing protection): one address per question.
let asked = 0;

const QUERY = `query($input: OrderInformationInput!) { guestOrder(input: $input) { number status state } }`;

async function ask(headers: Record<string, string>): Promise<GraphQLResult> {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        query: QUERY,
        variables: { input: { number: placed.number, email: placed.email, postcode: '95014' } },
      }),
    }),
    { address: `203.0.113.${++asked}` },
  );
  return (await response.json()) as GraphQLResult;
}

function setStatus(status: string): void {
  shop.sql.prepare('update sales_order set status = ? where number = ?').run(status, placed.number);
}

beforeAll(async () => {
  shop = await openShop({ mailWorker: false });
  const product = simpleProduct(shop, { price: 1500, stock: 50, offset: 3 });
  const cartId = await newCart(shop);
  await addToCart(shop, cartId, [{ sku: product.sku, quantity: 1 }]);
  const email = 'status.label@example.com';
  await prepareCheckout(shop, cartId, { email });
  const result = await shop.gql(PLACE_ORDER, { id: cartId });
  expect(result.data.placeOrder.errors).toEqual([]);
  placed = { number: result.data.placeOrder.orderV2.number as string, email };
}, 60_000);
afterAll(async () => shop?.close());

describe('CustomerOrder.status and state', () => {
  const cases: Array<[status: string, state: string, en: string, fr: string]> = [
    ['pending', 'new', 'Pending', 'En attente'],
    ['pending_payment', 'pending_payment', 'Pending Payment', 'En attente de paiement'],
    ['payment_review', 'payment_review', 'Payment Review', 'Vérification du paiement'],
    ['processing', 'processing', 'Processing', 'En cours de traitement'],
    ['complete', 'complete', 'Complete', 'Terminée'],
    ['canceled', 'canceled', 'Canceled', 'Annulée'],
    ['closed', 'closed', 'Closed', 'Fermée'],
  ];

  it.each(cases)('%s: the label in the store view asked, the state as its code', async (status, state, en, fr) => {
    setStatus(status);
    const inEnglish = await ask({});
    expect(inEnglish.errors).toBeUndefined();
    expect(inEnglish.data.guestOrder).toEqual({ number: placed.number, status: en, state });
    const inFrench = await ask({ Store: 'fr' });
    expect(inFrench.errors).toBeUndefined();
    expect(inFrench.data.guestOrder).toEqual({ number: placed.number, status: fr, state });
  });
});
