// The shop's free-delivery promise in its texts is written from the free-shipping carrier's
// threshold (Magento's {{config path="carriers/freeshipping/free_shipping_subtotal"}}), in the
// shopper's display currency and the store view's locale, never a dollar amount typed in a block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

let shop: TestCommerce;

beforeAll(async () => {
  shop = await startTestCommerce();
}, 120_000);

afterAll(async () => shop?.close());

const NOTE = '{ cmsBlocks(identifiers: ["shipping-note"]) { items { content } } }';
const HOME = '{ cmsPage(identifier: "home") { content } }';

async function note(headers: Record<string, string> = {}): Promise<string> {
  const { body } = await shop.get(NOTE, {}, headers);
  expect(body.errors).toBeUndefined();
  return body.data.cmsBlocks.items[0].content as string;
}

describe('the free-delivery promise in CMS texts', () => {
  it('says the threshold in dollars in the default store view', async () => {
    expect(await note()).toContain('Free delivery over $75 and free returns');
    const { body } = await shop.get(HOME);
    expect(body.data.cmsPage.content).toContain('<strong>Free delivery over $75</strong>');
    expect(body.data.cmsPage.content).not.toContain('{{');
  });

  it('converts it when the shopper shows prices in euros', async () => {
    const stores = await shop.get('{ currency { available_currency_codes exchange_rates { currency_to rate } } }');
    const rate = (stores.body.data.currency.exchange_rates as Array<{ currency_to: string; rate: number }>).find(
      (r) => r.currency_to === 'EUR',
    )!.rate;
    const euros = Math.round(75 * rate * 100) / 100;
    const text = await note({ 'Content-Currency': 'EUR' });
    expect(text).not.toContain('$');
    expect(text).toContain(`Free delivery over €${Number.isInteger(euros) ? euros : euros.toFixed(2)}`);
  });

  it('writes it the French way in the French store view', async () => {
    const text = await note({ Store: 'fr' });
    expect(text).toMatch(/Livraison offerte dès 69[\u00a0\u202f]€ et retours gratuits/);
  });
});
