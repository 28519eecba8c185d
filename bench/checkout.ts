// A full guest checkout (create cart → add → e-mail → addresses → shipping → payment → place
// order) by many shoppers at once, against the API process on one core. Measures completed
// checkouts per second, per-step latency and errors; it asserts nothing.
import Database from 'better-sqlite3';

export interface CheckoutFigures {
  shoppers: number;
  seconds: number;
  checkouts: number;
  checkoutsPerSecond: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  checkoutP50: number;
  checkoutP99: number;
  errors: number;
  firstErrors: string[];
}

const STEPS: Array<[string, string]> = [
  ['createGuestCart', 'mutation { createGuestCart { cart { id } } }'],
  [
    'addProductsToCart',
    'mutation($id: String!, $sku: String!) { addProductsToCart(cartId: $id, cartItems: [{ sku: $sku, quantity: 1 }]) { cart { total_quantity } user_errors { code message } } }',
  ],
  [
    'setGuestEmailOnCart',
    'mutation($id: String!) { setGuestEmailOnCart(input: { cart_id: $id, email: "bench@example.com" }) { cart { email } } }',
  ],
  [
    'setShippingAddressesOnCart',
    'mutation($id: String!) { setShippingAddressesOnCart(input: { cart_id: $id, shipping_addresses: [{ address: { firstname: "Ada", lastname: "Lovelace", street: ["1 Main St"], city: "Austin", region: "TX", postcode: "73301", country_code: "US", telephone: "5550100" } }] }) { cart { shipping_addresses { available_shipping_methods { carrier_code method_code } } } } }',
  ],
  [
    'setBillingAddressOnCart',
    'mutation($id: String!) { setBillingAddressOnCart(input: { cart_id: $id, billing_address: { same_as_shipping: true } }) { cart { id } } }',
  ],
  [
    'setShippingMethodsOnCart',
    'mutation($id: String!) { setShippingMethodsOnCart(input: { cart_id: $id, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { prices { grand_total { value } } } } }',
  ],
  [
    'setPaymentMethodOnCart',
    'mutation($id: String!) { setPaymentMethodOnCart(input: { cart_id: $id, payment_method: { code: "checkmo" } }) { cart { selected_payment_method { code } } } }',
  ],
  [
    'placeOrder',
    'mutation($id: String!) { placeOrder(input: { cart_id: $id }) { orderV2 { number } errors { code message } } }',
  ],
];

/** Enough stock that the run measures checkout, not sold-out products. */
export function stockUpSimpleProducts(sqlitePath: string): string[] {
  const db = new Database(sqlitePath);
  try {
    db.prepare("update product set stock_qty = 1000000, in_stock = 1 where type = 'simple'").run();
    return (
      db.prepare("select sku from product where type = 'simple' and parent_id is null order by id limit 50").all() as {
        sku: string;
      }[]
    ).map((r) => r.sku);
  } finally {
    db.close();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runCheckoutLoad(
  base: string,
  skus: string[],
  shoppers: number,
  seconds: number,
): Promise<CheckoutFigures> {
  const stepLatencies: number[] = [];
  const checkoutLatencies: number[] = [];
  const errors: string[] = [];
  let checkouts = 0;
  const deadline = Date.now() + seconds * 1000;

  async function step(query: string, variables: Record<string, unknown>): Promise<any> {
    const started = performance.now();
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: any; errors?: { message: string }[] };
    stepLatencies.push(performance.now() - started);
    if (!response.ok || body.errors)
      throw new Error(body.errors?.map((e) => e.message).join('; ') ?? `HTTP ${response.status}`);
    return body.data;
  }

  async function shopper(index: number) {
    let n = 0;
    while (Date.now() < deadline) {
      const sku = skus[(index + n++) % skus.length]!;
      const started = performance.now();
      try {
        const created = await step(STEPS[0]![1], {});
        const id = created.createGuestCart.cart.id as string;
        for (const [name, query] of STEPS.slice(1)) {
          const data = await step(query, { id, sku });
          const problems = data[name]?.user_errors ?? data[name]?.errors;
          if (problems?.length)
            throw new Error(`${name}: ${problems.map((p: { message: string }) => p.message).join('; ')}`);
        }
        checkouts += 1;
        checkoutLatencies.push(performance.now() - started);
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  }

  const started = Date.now();
  await Promise.all(Array.from({ length: shoppers }, (_, i) => shopper(i)));
  const elapsed = (Date.now() - started) / 1000;
  stepLatencies.sort((a, b) => a - b);
  checkoutLatencies.sort((a, b) => a - b);
  return {
    shoppers,
    seconds: elapsed,
    checkouts,
    checkoutsPerSecond: checkouts / elapsed,
    requestsPerSecond: stepLatencies.length / elapsed,
    p50: percentile(stepLatencies, 50),
    p99: percentile(stepLatencies, 99),
    checkoutP50: percentile(checkoutLatencies, 50),
    checkoutP99: percentile(checkoutLatencies, 99),
    errors: errors.length,
    firstErrors: [...new Set(errors)].slice(0, 5),
  };
}
