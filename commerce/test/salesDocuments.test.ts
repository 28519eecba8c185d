import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, newCart, openShop, PLACE_ORDER, prepareCheckout, simpleProduct, type Shop } from './cartHarness';
import { createStaff, signedIn, type StaffBrowser } from './backOfficeHarness';
import { pdfLines } from './pdfText';

// Invoices, packing slips and credit memos as PDF (issue 36.3): downloaded from the back office
// with the right type and file name, printed in the order's store-view language and currency,
// and read back as text, so the lines, totals and currency symbols are what a customer reads.

let shop: Shop;
let staff: StaffBrowser;
let viewer: StaffBrowser;
const clock = () => new Date();

let tee: { id: number; sku: string };
let mug: { id: number; sku: string };

async function placeOrder(): Promise<string> {
  const cart = await newCart(shop);
  const added = await addToCart(shop, cart, [
    { sku: tee.sku, quantity: 2 },
    { sku: mug.sku, quantity: 1 },
  ]);
  expect(added.data.addProductsToCart.user_errors).toEqual([]);
  await prepareCheckout(shop, cart, { email: 'grace@example.com' });
  const placed = await shop.gql(PLACE_ORDER, { id: cart });
  return placed.data.placeOrder.orderV2.number as string;
}

async function download(browser: StaffBrowser | null, path: string): Promise<Response> {
  return shop.commerce.backOffice.fetch(
    new Request(`http://localhost${path}`, { headers: browser?.cookie ? { cookie: browser.cookie } : {} }),
  );
}

async function documentLines(path: string): Promise<string[]> {
  const response = await download(viewer, path);
  expect(response.status).toBe(200);
  return pdfLines(new Uint8Array(await response.arrayBuffer()));
}

/** A header's value with its RFC 2047 encoded words (nodemailer's =?UTF-8?Q?…?=) decoded. */
function header(eml: string, name: string): string {
  const folded = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'm').exec(eml)?.[1] ?? '';
  return folded.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
    Buffer.from(
      q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

/** The one PDF attached to a mail, decoded from its base64 part. */
function attachedPdf(eml: string): { fileName: string; body: Uint8Array } {
  const part = /Content-Type: application\/pdf; name=("?)([^"\n]+)\1\n(?:[A-Za-z-]+: .*\n)*\n([A-Za-z0-9+/=\n]+)/.exec(
    eml,
  );
  if (!part) throw new Error('no PDF attached');
  return { fileName: part[2]!, body: new Uint8Array(Buffer.from(part[3]!.replace(/\n/g, ''), 'base64')) };
}

function mailFile(stem: string): string {
  const files = readdirSync(shop.mailDir).filter((f) => f === `${stem}.eml`);
  expect(files).toHaveLength(1);
  return readFileSync(path.join(shop.mailDir, files[0]!), 'utf8');
}

const INVOICE = `mutation($n: String!, $l: [OrderLineQuantityInput!]) { invoiceOrder(number: $n, lines: $l) { number } }`;
const SHIP = `mutation($i: ShipOrderInput!) { shipOrder(input: $i) { number } }`;
const REFUND = `mutation($i: RefundOrderInput!) { refundOrder(input: $i) { number } }`;

beforeAll(async () => {
  shop = await openShop({ now: clock });
  await createStaff(shop, 'clerk@example.com', 'staff');
  await createStaff(shop, 'reader@example.com', 'viewer');
  staff = (await signedIn(shop, 'clerk@example.com', clock)).browser;
  viewer = (await signedIn(shop, 'reader@example.com', clock)).browser;
  tee = simpleProduct(shop, { price: 2500, stock: 20 });
  mug = simpleProduct(shop, { price: 1250, stock: 20, offset: 1 });
  // Names with the letters the embedded font must carry.
  shop.sql.prepare('update product set name = ? where id = ?').run('Größe Über-Tee', tee.id);
  shop.sql.prepare('update product set name = ? where id = ?').run('Tasse café', mug.id);
  shop.sql
    .prepare(`insert into store_config (key, value) values ('store_information_address', ?)`)
    .run('12 Rue de la Paix\n75002 Paris');
}, 60_000);
afterAll(async () => shop?.close());

describe('an order in the French store, in euros', () => {
  let number: string;

  beforeAll(async () => {
    number = await placeOrder();
    // The order as the French store view would have placed it: its language and currency.
    shop.sql
      .prepare(
        `update sales_order set store_id = (select id from store_view where code = 'fr'), currency = 'EUR' where number = ?`,
      )
      .run(number);
    expect((await staff.gql(INVOICE, { n: number, l: [{ line: 1, quantity: 2 }] })).errors).toBeUndefined();
    expect(
      (
        await staff.gql(SHIP, {
          i: { number, carrier: 'dhl', trackingNumber: 'JD014600', lines: [{ line: 1, quantity: 1 }] },
        })
      ).errors,
    ).toBeUndefined();
    expect(
      (await staff.gql(REFUND, { i: { number, lines: [{ line: 1, quantity: 1 }], returnToStock: true } })).errors,
    ).toBeUndefined();
  });

  it('downloads the invoice as a PDF named after it, for staff and viewers alike', async () => {
    for (const browser of [staff, viewer]) {
      const response = await download(browser, `/admin/documents/invoice/${number}.pdf`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${number}.pdf"`);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(body.slice(0, 5))).toBe('%PDF-');
    }
  });

  it('prints the invoice in French with euro amounts, its lines and totals', async () => {
    const lines = await documentLines(`/admin/documents/invoice/${number}.pdf`);
    const text = lines.join('\n');
    expect(lines).toContain('Facture');
    expect(text).toContain(`Facture n° ${number}`);
    expect(text).toContain('12 Rue de la Paix');
    expect(text).toContain('Facturé à');
    // One line only (the tee, 2 × 25,00 €), not the mug that is not invoiced yet.
    expect(lines).toContain(`${tee.sku} Größe Über-Tee 2 25,00 € 50,00 €`);
    expect(text).not.toContain('Tasse café');
    expect(lines.find((l) => l.startsWith('Sous-total'))).toBe('Sous-total 50,00 €');
    expect(lines.find((l) => l.startsWith('Total TTC'))).toMatch(/^Total TTC \d+,\d\d €$/);
  });

  it('prints the packing slip: the parcel’s lines and tracking number, no prices', async () => {
    const lines = await documentLines(`/admin/documents/packing-slip/${number}-1.pdf`);
    const text = lines.join('\n');
    expect(lines).toContain('Bon de livraison');
    expect(text).toContain('Numéro de suivi: DHL JD014600');
    expect(lines).toContain(`${tee.sku} Größe Über-Tee 1`);
    expect(text).not.toContain('€');
    expect(text).not.toContain('Facturé à');
  });

  it('prints the credit memo with the refunded line and amount', async () => {
    const lines = await documentLines(`/admin/documents/credit-memo/${number}-R1.pdf`);
    expect(lines).toContain('Avoir');
    expect(lines.join('\n')).toContain(`Avoir n° ${number}-R1`);
    expect(lines.find((l) => l.startsWith(tee.sku))).toMatch(/^\S+ Größe Über-Tee 1 25,00 € \d+,\d\d €$/);
    expect(lines.find((l) => l.startsWith('Total TTC'))).toMatch(/^Total TTC \d+,\d\d €$/);
  });
});

describe('invoice and refund e-mails', () => {
  it('mails the French customer each invoice and credit memo once, in French, with its PDF', async () => {
    const number = await placeOrder();
    shop.sql
      .prepare(
        `update sales_order set store_id = (select id from store_view where code = 'fr'), currency = 'EUR' where number = ?`,
      )
      .run(number);
    expect((await staff.gql(INVOICE, { n: number })).errors).toBeUndefined();
    expect(
      (await staff.gql(REFUND, { i: { number, lines: [{ line: 2, quantity: 1 }], returnToStock: false } })).errors,
    ).toBeUndefined();
    await shop.commerce.deliverMail();
    await shop.commerce.deliverMail();

    const invoice = mailFile(`invoice-${number}`);
    expect(header(invoice, 'To')).toBe('grace@example.com');
    expect(header(invoice, 'Subject')).toMatch(new RegExp(`^Facture n° ${number} de votre commande `));
    const invoicePdf = attachedPdf(invoice);
    expect(invoicePdf.fileName).toBe(`invoice-${number}.pdf`);
    const invoiceLines = await pdfLines(invoicePdf.body);
    expect(invoiceLines).toContain(`${mug.sku} Tasse café 1 12,50 € 12,50 €`);

    const memo = mailFile(`creditmemo-${number}-R1`);
    expect(header(memo, 'Subject')).toMatch(new RegExp(`^Remboursement n° ${number}-R1 de votre commande `));
    const memoPdf = attachedPdf(memo);
    expect(memoPdf.fileName).toBe(`credit-memo-${number}-R1.pdf`);
    expect((await pdfLines(memoPdf.body)).find((l) => l.startsWith(mug.sku))).toMatch(/Tasse café 1 12,50 €/);
  });
});

describe('an order in pounds in the English store', () => {
  it('prints pound amounts in English', async () => {
    const number = await placeOrder();
    shop.sql.prepare(`update sales_order set currency = 'GBP' where number = ?`).run(number);
    expect((await staff.gql(INVOICE, { n: number })).errors).toBeUndefined();
    const lines = await documentLines(`/admin/documents/invoice/${number}.pdf`);
    expect(lines).toContain('Invoice');
    expect(lines).toContain(`${tee.sku} Größe Über-Tee 2 £25.00 £50.00`);
    expect(lines).toContain(`${mug.sku} Tasse café 1 £12.50 £12.50`);
    expect(lines.find((l) => l.startsWith('Subtotal'))).toBe('Subtotal £62.50');
  });
});

describe('who may download what', () => {
  it('asks for a session, and answers 404 for a document that does not exist', async () => {
    const number = await placeOrder();
    expect((await download(null, `/admin/documents/invoice/${number}.pdf`)).status).toBe(401);
    expect((await download(viewer, `/admin/documents/invoice/${number}.pdf`)).status).toBe(404);
    expect((await download(viewer, `/admin/documents/receipt/${number}.pdf`)).status).toBe(405);
    const post = await shop.commerce.backOffice.fetch(
      new Request(`http://localhost/admin/documents/invoice/${number}.pdf`, {
        method: 'POST',
        headers: { cookie: viewer.cookie! },
      }),
    );
    expect(post.status).toBe(405);
  });
});
