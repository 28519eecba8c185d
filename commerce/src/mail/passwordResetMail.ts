import type { RenderedMail } from './renderedMail';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface PasswordResetMailInput {
  storeName: string;
  firstname: string;
  /** The storefront page that takes the new password, with the token and e-mail in its query. */
  link: string;
  validMinutes: number;
  /** An account staff made: the mail welcomes the customer, who sets a first password. */
  welcome?: boolean;
}

export function renderPasswordResetMail(input: PasswordResetMailInput): RenderedMail {
  const subject = input.welcome
    ? `Welcome to ${input.storeName}: set your password`
    : `Reset your ${input.storeName} password`;
  const intro = input.welcome
    ? [`An account at ${input.storeName} was made for you.`, 'Choose your password here to sign in:']
    : [
        `There was recently a request to change the password for your ${input.storeName} account.`,
        'If you requested this change, set a new password here:',
      ];
  const outro = input.welcome
    ? 'If you did not expect this account, you can ignore this e-mail.'
    : 'If you did not make this request, you can ignore this e-mail and your password will stay the same.';
  const validity =
    input.validMinutes % 60 === 0
      ? `${input.validMinutes / 60} hour${input.validMinutes === 60 ? '' : 's'}`
      : `${input.validMinutes} minutes`;
  const text = [
    `Hello ${input.firstname},`,
    '',
    ...intro,
    '',
    input.link,
    '',
    `The link works once and expires in ${validity}.`,
    outro,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px;margin:0 auto">
<p>Hello ${escapeHtml(input.firstname)},</p>
${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#222;color:#fff;text-decoration:none">Set a new password</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(input.link)}</p>
<p>The link works once and expires in ${escapeHtml(validity)}.</p>
<p>${escapeHtml(outro)}</p>
</body></html>
`;
  return { subject, html, text };
}
