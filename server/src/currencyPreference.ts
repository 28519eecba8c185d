import { currencyCookieName } from './storefrontHandler';

// The currency switcher's form posts here (it works before any JavaScript): the choice goes into
// a cookie the server render reads, and the shopper returns to the page they were on. The value
// is only a preference: a currency the page's store does not offer is ignored when rendering.
// Each store view keeps its own choice (the form names the store unless it is the default one):
// dollars chosen in the English store do not follow the shopper into the French one.

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Only a path of this site: never `//elsewhere`, a scheme or a backslash trick. Printable ASCII
 * only (the switcher sends a percent-encoded path): browsers drop tabs and newlines from a URL, so
 * `/<TAB>/elsewhere` would be `//elsewhere`, and a control character makes the header invalid.
 */
function safeReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string' || !/^\/[\x21-\x7e]*$/.test(value) || value.startsWith('//') || value.includes('\\'))
    return '/';
  return value;
}

export async function setCurrencyPreference(request: Request, secure: boolean): Promise<Response> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new Response('A currency form is expected.', { status: 400 });
  }
  const code = form.get('currency');
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code))
    return new Response('The currency must be a three-letter ISO 4217 code.', { status: 400 });
  const store = form.get('store');
  // Magento's store codes: a letter, then letters, digits and underscores; safe in a cookie name.
  if (store !== null && (typeof store !== 'string' || !/^[a-z][a-z0-9_]{0,31}$/.test(store)))
    return new Response('The store must be a store code.', { status: 400 });
  const cookie = [
    `${currencyCookieName(store)}=${code}`,
    'Path=/',
    `Max-Age=${ONE_YEAR_SECONDS}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
  return new Response(null, {
    status: 303,
    headers: { Location: safeReturnPath(form.get('return')), 'Set-Cookie': cookie, 'Cache-Control': 'no-store' },
  });
}
