import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatMoney } from './orderConfirmationMail';
import { salesDocumentWords, type SalesDocumentKind } from './salesDocumentWords';

// Prints an invoice, a packing slip or a credit memo as an A4 PDF with pdfkit. The text is set
// in DejaVu Sans, embedded (as a subset) from the dejavu-fonts-ttf package: PDF's 14 standard
// fonts cover Latin-1 only in WinAnsi, and a shop's documents need €, £, ß, accents, and the
// names customers type. pdfkit writes a ToUnicode map, so the text can be searched and copied.

export interface SalesDocumentLine {
  sku: string;
  name: string;
  options: string[];
  quantity: number;
  /** Minor units per unit; absent on packing slips. */
  price?: number;
  /** Minor units for the line on this document; absent on packing slips. */
  total?: number;
}

export interface SalesDocument {
  kind: SalesDocumentKind;
  number: string;
  /** `YYYY-MM-DD HH:MM:SS`, UTC, as stored. */
  createdAt: string;
  orderNumber: string;
  orderCreatedAt: string;
  seller: { name: string; lines: string[] };
  billTo: string[];
  shipTo: string[];
  payment: string;
  shippingMethod: string;
  /** Packing slips: the parcel's carrier and tracking number. */
  tracking?: string;
  lines: SalesDocumentLine[];
  /** Invoices and credit memos: minor units. */
  totals?: { subtotal: number; discount: number; shipping: number; tax: number; grandTotal: number };
  currency: string;
  locale: string;
}

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;

export function formatDocumentDate(stored: string, locale: string): string {
  const date = new Date(`${stored.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return stored;
  return new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The file name a browser saves the document as, e.g. invoice-000000012.pdf. */
export function salesDocumentFileName(kind: SalesDocumentKind, number: string): string {
  const stem = { invoice: 'invoice', packingSlip: 'packing-slip', creditMemo: 'credit-memo' }[kind];
  return `${stem}-${number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

export function renderSalesDocumentPdf(document: SalesDocument): Promise<Buffer> {
  const words = salesDocumentWords(document.locale);
  const money = (minor: number) => formatMoney(minor, document.currency, document.locale);
  const date = (stored: string) => formatDocumentDate(stored, document.locale);
  const title = `${words.title[document.kind]} ${document.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: document.locale.slice(0, 2),
    info: { Title: title, Author: document.seller.name, Creator: document.seller.name },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Header: the shop on the left, the document's title and numbers on the right.
  const top = MARGIN;
  doc
    .font('bold')
    .fontSize(14)
    .text(document.seller.name, MARGIN, top, { width: CONTENT / 2 });
  doc.font('regular').fontSize(9);
  for (const line of document.seller.lines) doc.text(line, { width: CONTENT / 2 });
  const sellerBottom = doc.y;
  const right = MARGIN + CONTENT / 2;
  doc
    .font('bold')
    .fontSize(18)
    .text(words.title[document.kind], right, top, { width: CONTENT / 2, align: 'right' });
  doc.font('regular').fontSize(9);
  const facts: Array<[string, string]> = [
    [words.number[document.kind], document.number],
    [words.date, date(document.createdAt)],
    [words.order, document.orderNumber],
    [words.orderDate, date(document.orderCreatedAt)],
  ];
  for (const [label, value] of facts)
    doc.text(`${label} ${value}`, right, doc.y, { width: CONTENT / 2, align: 'right' });
  let y = Math.max(sellerBottom, doc.y) + 20;

  // Addresses, then how it is paid and sent.
  const column = (x: number, heading: string, lines: string[], from: number): number => {
    doc
      .font('bold')
      .fontSize(10)
      .text(heading, x, from, { width: CONTENT / 2 - 10 });
    doc.font('regular').fontSize(9);
    for (const line of lines) doc.text(line, x, doc.y, { width: CONTENT / 2 - 10 });
    return doc.y;
  };
  const addressBottom = Math.max(
    document.kind === 'packingSlip' ? y : column(MARGIN, words.billTo, document.billTo, y),
    // An order with nothing to ship has no "Ship to" (sales/virtualOrders.ts).
    document.shipTo.length === 0
      ? y
      : column(document.kind === 'packingSlip' ? MARGIN : right, words.shipTo, document.shipTo, y),
  );
  y = addressBottom + 14;
  const methods: Array<[string, string]> = [
    ...(document.kind === 'packingSlip' ? [] : ([[words.payment, document.payment]] as Array<[string, string]>)),
    ...(document.shippingMethod ? ([[words.shippingMethod, document.shippingMethod]] as Array<[string, string]>) : []),
    ...(document.tracking ? ([[words.tracking, document.tracking]] as Array<[string, string]>) : []),
  ];
  doc.font('regular').fontSize(9);
  for (const [label, value] of methods) {
    doc.text(`${label}: ${value}`, MARGIN, y, { width: CONTENT });
    y = doc.y;
  }
  y += 14;

  // The lines. A packing slip lists what is in the parcel, without prices.
  const priced = document.kind !== 'packingSlip';
  type Column = [x: number, width: number];
  const columns: { sku: Column; name: Column; qty: Column; price?: Column; total?: Column } = priced
    ? {
        sku: [MARGIN, 90],
        name: [MARGIN + 95, 200],
        qty: [MARGIN + 300, 40],
        price: [MARGIN + 345, 75],
        total: [MARGIN + 420, 75],
      }
    : { sku: [MARGIN, 120], name: [MARGIN + 125, 300], qty: [MARGIN + 430, 65] };
  const cell = (text: string, [x, width]: Column, at: number, align: 'left' | 'right' = 'left') =>
    doc.text(text, x, at, { width, align });
  const heading = () => {
    doc.font('bold').fontSize(9);
    cell(words.sku, columns.sku, y);
    cell(words.product, columns.name, y);
    cell(words.quantity, columns.qty, y, 'right');
    if (columns.price && columns.total) {
      cell(words.price, columns.price, y, 'right');
      cell(words.rowTotal, columns.total, y, 'right');
    }
    y = doc.y + 4;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(0.5)
      .stroke();
    y += 6;
  };
  heading();
  doc.font('regular').fontSize(9);
  for (const line of document.lines) {
    if (y > 760) {
      doc.addPage();
      y = MARGIN;
      heading();
      doc.font('regular').fontSize(9);
    }
    const start = y;
    cell(line.sku, columns.sku, start);
    let bottom = doc.y;
    cell(line.name, columns.name, start);
    for (const option of line.options) doc.text(option, columns.name[0], doc.y, { width: columns.name[1] });
    bottom = Math.max(bottom, doc.y);
    cell(String(line.quantity), columns.qty, start, 'right');
    if (columns.price && columns.total && line.price !== undefined && line.total !== undefined) {
      cell(money(line.price), columns.price, start, 'right');
      cell(money(line.total), columns.total, start, 'right');
    }
    y = Math.max(bottom, doc.y) + 6;
  }

  if (document.totals) {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT, y)
      .lineWidth(0.5)
      .stroke();
    y += 8;
    const t = document.totals;
    const rows: Array<[string, number, boolean]> = [
      [words.subtotal, t.subtotal, false],
      ...(t.discount !== 0 ? ([[words.discount, -t.discount, false]] as Array<[string, number, boolean]>) : []),
      [words.shipping, t.shipping, false],
      [words.tax, t.tax, false],
      [words.grandTotal, t.grandTotal, true],
    ];
    for (const [label, amount, strong] of rows) {
      if (y > 780) {
        doc.addPage();
        y = MARGIN;
      }
      doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 9);
      doc.text(label, MARGIN + 250, y, { width: 165, align: 'right' });
      doc.text(money(amount), MARGIN + 420, y, { width: 75, align: 'right' });
      y = doc.y + 4;
    }
  }

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(8)
      .text(words.page(i + 1, range.count), MARGIN, 800, { width: CONTENT, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
