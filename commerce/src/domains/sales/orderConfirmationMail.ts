import { lineOptionPairs } from './orderCustomOptions';
import { orderShippingAddress } from './virtualOrders';
import { toMajor } from '../../kernel/money';
import type { RenderedMail } from '../../mail/renderedMail';
import type { StoredOrder } from './orderRecordService';
import type { StoredAddress } from '../address';

/** How to pay, where the method needs the shopper to act (check, bank transfer, cash on delivery). */
export interface MailPaymentInstructions {
  payableTo: string | null;
  sendTo: string[];
  /** The shop's own text (bank transfer, cash on delivery), line by line. */
  instructions: string[];
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatMoney(minor: number, currency: string, locale = 'en_US'): string {
  return new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency }).format(
    toMajor(minor, currency),
  );
}

/** The e-mail's words in the language of the store view the order was placed in. */
interface MailWords {
  subject: (store: string, number: string) => string;
  thanks: (store: string) => string;
  placed: (number: string, date: string) => string;
  placedHtml: (number: string, date: string) => string;
  items: string;
  item: string;
  sku: string;
  qty: string;
  price: string;
  subtotal: string;
  discount: (label: string) => string;
  shipping: (carrier: string, method: string) => string;
  tax: string;
  grandTotal: string;
  shippingAddress: string;
  billingAddress: string;
  payment: string;
  telephone: string;
  payableTo: (name: string) => string;
  sendTo: string;
}

const WORDS: Record<string, MailWords> = {
  en_US: {
    subject: (store, number) => `Your ${store} order confirmation #${number}`,
    thanks: (store) => `Thank you for your order from ${store}`,
    placed: (number, date) => `Order #${number} placed on ${date}`,
    placedHtml: (number, date) => `Order <strong>#${number}</strong> placed on ${date}`,
    items: 'Items',
    item: 'Item',
    sku: 'SKU',
    qty: 'Qty',
    price: 'Price',
    subtotal: 'Subtotal',
    discount: (label) => `Discount (${label})`,
    shipping: (carrier, method) => `Shipping & Handling (${carrier} · ${method})`,
    tax: 'Tax',
    grandTotal: 'Grand Total',
    shippingAddress: 'Shipping address',
    billingAddress: 'Billing address',
    payment: 'Payment',
    telephone: 'T',
    payableTo: (name) => `Make your check payable to ${name}.`,
    sendTo: 'Send it to:',
  },
  fr_FR: {
    subject: (store, number) => `Confirmation de votre commande ${store} n° ${number}`,
    thanks: (store) => `Merci pour votre commande chez ${store}`,
    placed: (number, date) => `Commande n° ${number} passée le ${date}`,
    placedHtml: (number, date) => `Commande <strong>n° ${number}</strong> passée le ${date}`,
    items: 'Articles',
    item: 'Article',
    sku: 'Référence',
    qty: 'Qté',
    price: 'Prix',
    subtotal: 'Sous-total',
    discount: (label) => `Remise (${label})`,
    shipping: (carrier, method) => `Livraison (${carrier} · ${method})`,
    tax: 'TVA',
    grandTotal: 'Total',
    shippingAddress: 'Adresse de livraison',
    billingAddress: 'Adresse de facturation',
    payment: 'Paiement',
    telephone: 'Tél.',
    payableTo: (name) => `Libellez votre chèque à l’ordre de ${name}.`,
    sendTo: 'Envoyez-le à\u00a0:',
  },
};

function placedAt(createdAt: string, locale: string): string {
  const date = new Date(`${createdAt.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return `${createdAt} UTC`;
  const formatted = new Intl.DateTimeFormat(locale.replace('_', '-'), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${formatted} UTC`;
}

function addressLines(address: StoredAddress, words: MailWords): string[] {
  return [
    `${address.firstname} ${address.lastname}`,
    ...(address.company ? [address.company] : []),
    ...address.street,
    [address.city, address.region_code ?? address.region, address.postcode].filter(Boolean).join(', '),
    address.country_name,
    ...(address.telephone ? [`${words.telephone}: ${address.telephone}`] : []),
  ];
}

function instructionLines(instructions: MailPaymentInstructions | null, words: MailWords): string[] {
  if (!instructions) return [];
  return [
    ...(instructions.payableTo ? [words.payableTo(instructions.payableTo)] : []),
    ...(instructions.sendTo.length > 0 ? [words.sendTo, ...instructions.sendTo] : []),
    ...instructions.instructions,
  ];
}

/** The order confirmation as HTML and plain text; every value is escaped in the HTML part. */
export function renderOrderConfirmation(
  stored: StoredOrder,
  storeName: string,
  locale = 'en_US',
  instructions: MailPaymentInstructions | null = null,
): RenderedMail {
  const { order, items } = stored;
  const words = WORDS[locale] ?? WORDS.en_US!;
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const date = placedAt(order.created_at, locale);
  const shipping = orderShippingAddress(order);
  const billing = JSON.parse(order.billing_address) as StoredAddress;
  const discounts = JSON.parse(order.discounts) as Array<{ label: string; amount: number }>;
  const lines = items.map((item) => {
    const options = lineOptionPairs(item)
      .map((o) => `${o.label}: ${o.value}`)
      .join(', ');
    return {
      name: item.name,
      sku: item.sku,
      options,
      quantity: item.quantity,
      price: money(item.price),
      total: money(item.row_total),
    };
  });
  const totals: Array<[string, string]> = [
    [words.subtotal, money(order.subtotal)],
    ...discounts.map((d): [string, string] => [words.discount(d.label), `-${money(d.amount)}`]),
    // An order with nothing to ship has no shipping line (sales/virtualOrders.ts).
    ...(shipping
      ? [
          [words.shipping(order.shipping_carrier_title, order.shipping_method_title), money(order.shipping)] as [
            string,
            string,
          ],
        ]
      : []),
    [words.tax, money(order.tax)],
    [words.grandTotal, money(order.grand_total)],
  ];
  const subject = words.subject(storeName, order.number);

  const text = [
    `${words.thanks(storeName)}.`,
    words.placed(order.number, date),
    '',
    words.items,
    ...lines.map(
      (l) => `  ${l.quantity} × ${l.name} (${l.sku})${l.options ? ` — ${l.options}` : ''}  ${l.price}  = ${l.total}`,
    ),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(shipping ? [words.shippingAddress, ...addressLines(shipping, words).map((l) => `  ${l}`), ''] : []),
    words.billingAddress,
    ...addressLines(billing, words).map((l) => `  ${l}`),
    '',
    `${words.payment}: ${order.payment_title}`,
    ...instructionLines(instructions, words),
  ].join('\n');

  const cell = 'style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:left"';
  const html = `<!doctype html>
<html lang="${escapeHtml(locale.slice(0, 2))}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px;margin:0 auto">
<h1 style="font-size:20px">${escapeHtml(words.thanks(storeName))}</h1>
<p>${words.placedHtml(escapeHtml(order.number), escapeHtml(date))}</p>
<table style="border-collapse:collapse;width:100%">
<thead><tr><th ${cell}>${words.item}</th><th ${cell}>${words.sku}</th><th ${cell}>${words.qty}</th><th ${cell}>${words.price}</th><th ${cell}>${words.subtotal}</th></tr></thead>
<tbody>
${lines.map((l) => `<tr><td ${cell}>${escapeHtml(l.name)}${l.options ? `<br><small>${escapeHtml(l.options)}</small>` : ''}</td><td ${cell}>${escapeHtml(l.sku)}</td><td ${cell}>${l.quantity}</td><td ${cell}>${escapeHtml(l.price)}</td><td ${cell}>${escapeHtml(l.total)}</td></tr>`).join('\n')}
</tbody>
<tfoot>
${totals.map(([label, value]) => `<tr><td colspan="4" ${cell}>${escapeHtml(label)}</td><td ${cell}>${escapeHtml(value)}</td></tr>`).join('\n')}
</tfoot>
</table>
<table style="width:100%;margin-top:16px"><tr>
${shipping ? `<td style="vertical-align:top"><h2 style="font-size:16px">${words.shippingAddress}</h2><p>${addressLines(shipping, words).map(escapeHtml).join('<br>')}</p></td>` : ''}
<td style="vertical-align:top"><h2 style="font-size:16px">${words.billingAddress}</h2><p>${addressLines(billing, words).map(escapeHtml).join('<br>')}</p></td>
</tr></table>
<p>${words.payment}: ${escapeHtml(order.payment_title)}</p>
${instructions ? `<p>${instructionLines(instructions, words).map(escapeHtml).join('<br>')}</p>` : ''}
</body></html>
`;
  return { subject, html, text };
}
