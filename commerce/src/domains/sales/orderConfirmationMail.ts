import { toMajor } from '../../kernel/money';
import type { RenderedMail } from '../../mail/renderedMail';
import type { StoredOrder } from './orderRecordService';
import type { StoredAddress } from '../address/addressService';

interface OrderLineOption {
  label: string;
  value: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(toMajor(minor, currency));
}

function addressLines(address: StoredAddress): string[] {
  return [
    `${address.firstname} ${address.lastname}`,
    ...(address.company ? [address.company] : []),
    ...address.street,
    [address.city, address.region_code ?? address.region, address.postcode].filter(Boolean).join(', '),
    address.country_name,
    ...(address.telephone ? [`T: ${address.telephone}`] : []),
  ];
}

/** The order confirmation as HTML and plain text; every value is escaped in the HTML part. */
export function renderOrderConfirmation(stored: StoredOrder, storeName: string): RenderedMail {
  const { order, items } = stored;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const shipping = JSON.parse(order.shipping_address) as StoredAddress;
  const billing = JSON.parse(order.billing_address) as StoredAddress;
  const discounts = JSON.parse(order.discounts) as Array<{ label: string; amount: number }>;
  const lines = items.map((item) => {
    const options = (JSON.parse(item.options) as OrderLineOption[]).map((o) => `${o.label}: ${o.value}`).join(', ');
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
    ['Subtotal', money(order.subtotal)],
    ...discounts.map((d): [string, string] => [`Discount (${d.label})`, `-${money(d.amount)}`]),
    [`Shipping & Handling (${order.shipping_carrier_title} - ${order.shipping_method_title})`, money(order.shipping)],
    ['Tax', money(order.tax)],
    ['Grand Total', money(order.grand_total)],
  ];
  const subject = `Your ${storeName} order confirmation #${order.number}`;

  const text = [
    `Thank you for your order from ${storeName}.`,
    `Order #${order.number} placed on ${order.created_at} UTC`,
    '',
    'Items',
    ...lines.map(
      (l) => `  ${l.quantity} × ${l.name} (${l.sku})${l.options ? ` — ${l.options}` : ''}  ${l.price}  = ${l.total}`,
    ),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    'Shipping address',
    ...addressLines(shipping).map((l) => `  ${l}`),
    '',
    'Billing address',
    ...addressLines(billing).map((l) => `  ${l}`),
    '',
    `Payment: ${order.payment_title}`,
  ].join('\n');

  const cell = 'style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:left"';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px;margin:0 auto">
<h1 style="font-size:20px">Thank you for your order from ${escapeHtml(storeName)}</h1>
<p>Order <strong>#${escapeHtml(order.number)}</strong> placed on ${escapeHtml(order.created_at)} UTC</p>
<table style="border-collapse:collapse;width:100%">
<thead><tr><th ${cell}>Item</th><th ${cell}>SKU</th><th ${cell}>Qty</th><th ${cell}>Price</th><th ${cell}>Subtotal</th></tr></thead>
<tbody>
${lines.map((l) => `<tr><td ${cell}>${escapeHtml(l.name)}${l.options ? `<br><small>${escapeHtml(l.options)}</small>` : ''}</td><td ${cell}>${escapeHtml(l.sku)}</td><td ${cell}>${l.quantity}</td><td ${cell}>${escapeHtml(l.price)}</td><td ${cell}>${escapeHtml(l.total)}</td></tr>`).join('\n')}
</tbody>
<tfoot>
${totals.map(([label, value]) => `<tr><td colspan="4" ${cell}>${escapeHtml(label)}</td><td ${cell}>${escapeHtml(value)}</td></tr>`).join('\n')}
</tfoot>
</table>
<table style="width:100%;margin-top:16px"><tr>
<td style="vertical-align:top"><h2 style="font-size:16px">Shipping address</h2><p>${addressLines(shipping).map(escapeHtml).join('<br>')}</p></td>
<td style="vertical-align:top"><h2 style="font-size:16px">Billing address</h2><p>${addressLines(billing).map(escapeHtml).join('<br>')}</p></td>
</tr></table>
<p>Payment: ${escapeHtml(order.payment_title)}</p>
</body></html>
`;
  return { subject, html, text };
}
