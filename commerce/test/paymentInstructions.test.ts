import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  newCart,
  openShop,
  prepareCheckout,
  simpleProduct,
  type GraphQLResult,
  type Shop,
} from './cartHarness';
import { createStaff, signedIn, type StaffBrowser, AUDITED_CHANGES } from './backOfficeHarness';

// Issue 35, point 2: a shopper paying offline is told how. The owner writes the check's payee and
// address and the bank-transfer and cash-on-delivery instructions in the back office (audited);
// an order answers them in its payment's additional_data under Magento's names, in the order's
// store view's own words when it has them.

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;
let owner: StaffBrowser;
let staff: StaffBrowser;

const FIELDS = 'checkPayableTo checkSendTo bankTransfer cashOnDelivery';
const READ = `{ settings { paymentInstructions { ${FIELDS} } } }`;
const UPDATE = `mutation($i: PaymentInstructionsInput!) { updatePaymentInstructions(input: $i) { ${FIELDS} } }`;
const ORDER = `query($token: String!) { guestOrderByToken(input: { token: $token }) {
  payment_methods { name type additional_data { name value } } } }`;
const PLACE = `mutation($id: String!) { placeOrder(input: { cart_id: $id }) { errors { message } orderV2 { number token } } }`;

const BANK = 'Vela Demo Shop\nIBAN DE89 3704 0044 0532 0130 00\nReference: your order number';
const INPUT = {
  checkPayableTo: 'Vela Demo Shop',
  checkSendTo: 'Vela Demo Shop\n1 Harbour Street\nPortland, OR 97204',
  bankTransfer: BANK,
  cashOnDelivery: 'Please have the exact amount ready for the courier.',
};

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data!;
}
const auditCount = () => (shop.sql.prepare(AUDITED_CHANGES).get() as { n: number }).n;

async function orderPaidWith(payment: string): Promise<{ number: string; token: string }> {
  const product = simpleProduct(shop, { price: 2500, stock: 100 });
  const cartId = await newCart(shop);
  ok(await addToCart(shop, cartId, [{ sku: product.sku, quantity: 1 }]), 'addToCart');
  await prepareCheckout(shop, cartId, { payment });
  return ok(await shop.gql(PLACE, { id: cartId }), 'placeOrder').placeOrder.orderV2;
}

async function additionalData(token: string) {
  return ok(await shop.gql(ORDER, { token }), 'guestOrderByToken').guestOrderByToken.payment_methods[0].additional_data;
}

beforeAll(async () => {
  shop = await openShop({ now, mailWorker: false });
  await createStaff(shop, 'owner@example.com', 'owner');
  await createStaff(shop, 'staff@example.com', 'staff');
  owner = (await signedIn(shop, 'owner@example.com', now)).browser;
  staff = (await signedIn(shop, 'staff@example.com', now)).browser;
}, 120_000);
afterAll(async () => shop?.close());

describe('payment instructions in the back office', () => {
  it('the owner saves them, audited; staff may read but not change them', async () => {
    const refused = await staff.gql(UPDATE, { i: INPUT });
    expect(refused.errors?.[0]?.message).toMatch(/owner|permission|not allowed/i);
    const count = auditCount();
    const saved = ok(await owner.gql(UPDATE, { i: { ...INPUT, bankTransfer: ` ${BANK}\n` } }), 'update');
    expect(saved.updatePaymentInstructions).toEqual(INPUT);
    expect(ok(await staff.gql(READ), 'read').settings.paymentInstructions).toEqual(INPUT);
    expect(auditCount()).toBe(count + 1);
    const audit = shop.sql.prepare('select action, after from audit_log order by id desc limit 1').get() as {
      action: string;
      after: string;
    };
    expect(audit.action).toBe('settings.payment_instructions');
    expect(JSON.parse(audit.after)).toMatchObject({ bankTransfer: BANK });
    // Saving the same again changes nothing and writes no audit entry.
    ok(await owner.gql(UPDATE, { i: INPUT }), 'same again');
    expect(auditCount()).toBe(count + 1);
  });

  it('refuses a payee on two lines, control characters and overlong text, naming the field and changing nothing', async () => {
    const count = auditCount();
    const cases: Array<[Partial<typeof INPUT>, string]> = [
      [{ checkPayableTo: 'Vela\nDemo' }, 'checkPayableTo'],
      [{ bankTransfer: 'IBAN\u0007' }, 'bankTransfer'],
      [{ cashOnDelivery: 'x'.repeat(1001) }, 'cashOnDelivery'],
    ];
    for (const [change, field] of cases) {
      const result = await owner.gql(UPDATE, { i: { ...INPUT, checkSendTo: 'changed', ...change } });
      expect(result.errors?.[0]?.extensions?.field, field).toBe(field);
    }
    expect(ok(await owner.gql(READ), 'read').settings.paymentInstructions).toEqual(INPUT);
    expect(auditCount()).toBe(count);
  });
});

describe("an order's payment additional_data", () => {
  it('tells a bank-transfer, cash-on-delivery or check shopper what to do, under Magento names', async () => {
    const bank = await orderPaidWith('banktransfer');
    expect(await additionalData(bank.token)).toEqual([{ name: 'instructions', value: BANK }]);
    const cod = await orderPaidWith('cashondelivery');
    expect(await additionalData(cod.token)).toEqual([{ name: 'instructions', value: INPUT.cashOnDelivery }]);
    const check = await orderPaidWith('checkmo');
    expect(await additionalData(check.token)).toEqual([
      { name: 'payable_to', value: 'Vela Demo Shop' },
      { name: 'mailing_address', value: INPUT.checkSendTo },
    ]);
  });

  it("speaks the order's store view's own words when it has them, and says nothing once the text is emptied", async () => {
    const bank = await orderPaidWith('banktransfer');
    shop.sql.prepare('update sales_order set store_id = 2 where number = ?').run(bank.number);
    shop.sql
      .prepare("delete from store_view_config where store_id = 2 and key = 'payment/banktransfer/instructions'")
      .run();
    shop.sql
      .prepare(
        "insert into store_view_config (store_id, key, value) values (2, 'payment/banktransfer/instructions', ?)",
      )
      .run('Virement : IBAN FR76 3000 6000 0112 3456 7890 189');
    expect(await additionalData(bank.token)).toEqual([
      { name: 'instructions', value: 'Virement : IBAN FR76 3000 6000 0112 3456 7890 189' },
    ]);
    ok(await owner.gql(UPDATE, { i: { ...INPUT, cashOnDelivery: '' } }), 'empty');
    const cod = await orderPaidWith('cashondelivery');
    expect(await additionalData(cod.token)).toEqual([]);
  });
});
