import type { MailMessage } from '../../mail/mailer';
import type { MailedDocument } from '../../mail/mailOutbox';
import { formatMoney } from './orderConfirmationMail';
import type { PrintedDocument } from './salesDocuments';
import { salesDocumentWords } from './salesDocumentWords';

// The e-mail that sends the customer an invoice or a credit memo, in the language of the store
// view the order was placed in, with the document attached as the same PDF staff download.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderSalesDocumentMail(kind: MailedDocument, printed: PrintedDocument): MailMessage {
  const { document, order } = printed;
  const words = salesDocumentWords(document.locale);
  const texts = kind === 'invoice' ? words.invoiceMail : words.creditMemoMail;
  const store = document.seller.name;
  const total = document.totals ? formatMoney(document.totals.grandTotal, document.currency, document.locale) : '';
  const rows: Array<[string, string]> = [
    [words.number[kind], document.number],
    [words.order, document.orderNumber],
    ...(total ? ([[words.grandTotal, total]] as Array<[string, string]>) : []),
  ];
  const text = [
    texts.body(document.orderNumber),
    '',
    ...rows.map(([label, value]) => `${label} ${value}`),
    '',
    words.attached,
    '',
    words.signOff(store),
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${escapeHtml(document.locale.slice(0, 2))}"><body>`,
    `<p>${escapeHtml(texts.body(document.orderNumber))}</p>`,
    '<table>',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(words.attached)}</p>`,
    `<p>${escapeHtml(words.signOff(store))}</p>`,
    '</body></html>',
  ].join('');
  return {
    to: order.email,
    subject: texts.subject(store, document.number),
    text,
    html,
    attachments: [
      { filename: printed.fileName, contentType: 'application/pdf', contentBase64: printed.body.toString('base64') },
    ],
  };
}
