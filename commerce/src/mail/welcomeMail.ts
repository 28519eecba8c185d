import type { RenderedMail } from './renderedMail';

// "Welcome to the shop", sent once a shopper has made an account, in the store view's language.

export interface WelcomeMailInput {
  storeName: string;
  firstname: string;
  email: string;
  /** The store view's account page (its overview), absolute. */
  accountLink: string;
  /** Magento's locale code of the store view, e.g. fr_FR; unknown ones read English. */
  locale: string;
}

interface WelcomeWords {
  subject: (store: string) => string;
  greeting: (name: string) => string;
  body: (store: string) => string;
  signInWith: (email: string) => string;
  whatYouCanDo: string;
  uses: readonly string[];
  button: string;
  signOff: (store: string) => string;
}

const WORDS: Record<string, WelcomeWords> = {
  en_US: {
    subject: (store) => `Welcome to ${store}`,
    greeting: (name) => `Hello ${name},`,
    body: (store) => `Thank you for making an account at ${store}.`,
    signInWith: (email) => `You sign in with ${email} and the password you chose.`,
    whatYouCanDo: 'In your account you can:',
    uses: [
      'follow your orders and see their invoices',
      'keep your addresses for a quicker checkout',
      'save products to your wish list',
    ],
    button: 'Go to my account',
    signOff: (store) => `See you soon at ${store}.`,
  },
  fr_FR: {
    subject: (store) => `Bienvenue chez ${store}`,
    greeting: (name) => `Bonjour ${name},`,
    body: (store) => `Merci d’avoir créé votre compte chez ${store}.`,
    signInWith: (email) => `Vous vous connectez avec ${email} et le mot de passe que vous avez choisi.`,
    whatYouCanDo: 'Dans votre compte, vous pouvez\u00a0:',
    uses: [
      'suivre vos commandes et consulter leurs factures',
      'enregistrer vos adresses pour commander plus vite',
      'garder des produits dans votre liste d’envies',
    ],
    button: 'Accéder à mon compte',
    signOff: (store) => `À bientôt chez ${store}.`,
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderWelcomeMail(input: WelcomeMailInput): RenderedMail {
  const words = WORDS[input.locale] ?? WORDS.en_US!;
  const subject = words.subject(input.storeName);
  const text = [
    words.greeting(input.firstname),
    '',
    words.body(input.storeName),
    words.signInWith(input.email),
    '',
    words.whatYouCanDo,
    ...words.uses.map((use) => `- ${use}`),
    '',
    `${words.button}: ${input.accountLink}`,
    '',
    words.signOff(input.storeName),
  ].join('\n');
  const lang = WORDS[input.locale] ? input.locale.slice(0, 2) : 'en';
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:640px;margin:0 auto">
<p>${escapeHtml(words.greeting(input.firstname))}</p>
<p>${escapeHtml(words.body(input.storeName))}<br>${escapeHtml(words.signInWith(input.email))}</p>
<p>${escapeHtml(words.whatYouCanDo)}</p>
<ul>
${words.uses.map((use) => `<li>${escapeHtml(use)}</li>`).join('\n')}
</ul>
<p><a href="${escapeHtml(input.accountLink)}" style="display:inline-block;padding:10px 16px;background:#222;color:#fff;text-decoration:none">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(words.signOff(input.storeName))}</p>
</body></html>
`;
  return { subject, html, text };
}
