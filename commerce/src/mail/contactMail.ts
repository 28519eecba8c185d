import type { RenderedMail } from './renderedMail';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface ContactMailInput {
  storeName: string;
  name: string;
  email: string;
  telephone: string | null;
  comment: string;
  createdAt: string;
}

/** The contact form as it reaches the shop; every shopper-typed value is escaped in the HTML. */
export function renderContactMail(input: ContactMailInput): RenderedMail {
  // Line breaks would let a name inject headers if it ever reached one; it only goes in the body.
  const subject = `${input.storeName} contact form: ${input.name.replace(/[\r\n]+/g, ' ').slice(0, 80)}`;
  const rows: Array<[string, string]> = [
    ['Name', input.name],
    ['E-mail', input.email],
    ['Telephone', input.telephone ?? '—'],
    ['Sent', input.createdAt],
  ];
  const text = [...rows.map(([label, value]) => `${label}: ${value}`), '', input.comment].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px;margin:0 auto">
<table>${rows.map(([label, value]) => `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p style="white-space:pre-wrap">${escapeHtml(input.comment)}</p>
</body></html>
`;
  return { subject, html, text };
}
