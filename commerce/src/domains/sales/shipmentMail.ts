import type { SalesOrderTable } from '../../db/tables';
import type { MailMessage } from '../../mail/mailer';

// "Your order is on its way", in the language of the store view the order was placed in.

interface ShipmentWords {
  subject: (store: string, number: string) => string;
  body: (number: string) => string;
  carrier: string;
  tracking: string;
  signOff: (store: string) => string;
}

const WORDS: Record<string, ShipmentWords> = {
  en_US: {
    subject: (store, number) => `Your ${store} order #${number} has shipped`,
    body: (number) => `Good news: your order #${number} is on its way.`,
    carrier: 'Carrier',
    tracking: 'Tracking number',
    signOff: (store) => `Thank you for shopping with ${store}.`,
  },
  fr_FR: {
    subject: (store, number) => `Votre commande ${store} n° ${number} a été expédiée`,
    body: (number) => `Bonne nouvelle : votre commande n° ${number} est en route.`,
    carrier: 'Transporteur',
    tracking: 'Numéro de suivi',
    signOff: (store) => `Merci de votre confiance, ${store}.`,
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderShipmentMail(
  order: Pick<SalesOrderTable, 'number' | 'email'>,
  carrierTitle: string,
  trackingNumber: string,
  storeName: string,
  locale: string,
): MailMessage {
  const words = WORDS[locale] ?? WORDS.en_US!;
  const rows: Array<[string, string]> = [
    [words.carrier, carrierTitle],
    [words.tracking, trackingNumber],
  ];
  const text = [
    words.body(order.number),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    words.signOff(storeName),
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${escapeHtml(locale.slice(0, 2))}"><body>`,
    `<p>${escapeHtml(words.body(order.number))}</p>`,
    '<table>',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(words.signOff(storeName))}</p>`,
    '</body></html>',
  ].join('');
  return { to: order.email, subject: words.subject(storeName, order.number), text, html };
}
