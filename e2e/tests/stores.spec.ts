import { type APIRequestContext, type Page, expect, test } from './fixtures';
import { findOrderMail, readMail } from './mailbox';

// The French store view (/fr/, fr_FR, EUR) through the browser: switching store from the footer,
// browsing and buying in French and in euros, the confirmation and its e-mail in French, and
// the currency switcher.

interface FrenchProduct {
  sku: string;
  name: string;
  urlKey: string;
}

/** An in-stock simple product as the French store names it (the API in the French store view). */
async function frenchProduct(request: APIRequestContext): Promise<FrenchProduct> {
  const response = await request.post('/graphql', {
    headers: { Store: 'fr' },
    data: {
      query: `{ products(search: "sac", pageSize: 40) { items { __typename sku name url_key stock_status } } }`,
    },
  });
  const body = (await response.json()) as {
    data: {
      products: {
        items: Array<{ __typename: string; sku: string; name: string; url_key: string; stock_status: string }>;
      };
    };
  };
  const item = body.data.products.items.find((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK');
  if (!item) throw new Error('no simple product in stock in the French store');
  return { sku: item.sku, name: item.name, urlKey: item.url_key };
}

async function fillFrenchAddress(page: Page): Promise<void> {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Prénom').fill('Camille');
  await field('Nom').fill('Dupont');
  await field('Numéro et nom de rue').fill('12 rue de la Paix');
  await page.getByRole('combobox', { name: 'Pays' }).selectOption('FR');
  await field('Ville').fill('Paris');
  await field('Code postal').fill('75002');
  await field('Numéro de téléphone').fill('+33 1 23 45 67 89');
}

test('a shopper switches to French from the footer and stays on the same page', async ({ page }) => {
  await page.goto('/women.html');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.getByRole('navigation', { name: 'Language and store' }).getByRole('link', { name: 'Français' }).click();
  // The English address redirects to the French one of the same category.
  await expect(page).toHaveURL(/\/fr\/femme\.html$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByRole('heading', { level: 1, name: 'Femme' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/fr\/femme\.html$/);
  await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', /\/femme\.html$/);
  // Prices in euros, written the French way.
  await expect(page.getByText(/\d+,\d\d\s€/).first()).toBeVisible();
  // And back.
  await page.getByRole('navigation', { name: 'Langue et boutique' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/women\.html$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('a guest buys in French and in euros, and gets the confirmation and e-mail in French', async ({
  page,
  request,
}) => {
  const product = await frenchProduct(request);
  await page.goto(`/fr/${product.urlKey}.html`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  const miniCart = page.getByRole('dialog', { name: 'Votre panier' });
  await expect(miniCart.getByRole('link', { name: product.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Panier, 1 article' })).toBeVisible();
  await page.goto('/fr/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Passer commande' }).first().click();

  await expect(page).toHaveURL(/\/fr\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commande' })).toBeVisible();
  const email = `camille${Date.now()}@example.com`;
  await page.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Adresse de livraison' })).toBeVisible();
  await fillFrenchAddress(page);
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Mode de livraison' })).toBeFocused();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Paiement' })).toBeFocused();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continuer' }).click();
  const review = page.getByRole('region', { name: 'Vérifier et commander' });
  await expect(review).toBeVisible();
  // French VAT on a French address, every amount in euros.
  await expect(page.getByText('TVA').first()).toBeVisible();
  await review.getByRole('button', { name: 'Commander et payer' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Merci pour votre commande' })).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/checkout\/success/);
  const number = ((await page.getByText(/\d{9}/).first().textContent()) ?? '').match(/\d{9}/)?.[0] ?? '';
  expect(number).toMatch(/^\d{9}$/);

  let raw: string | null = null;
  await expect.poll(async () => (raw = await findOrderMail(number, email)), { timeout: 10_000 }).not.toBeNull();
  const mail = readMail(raw!);
  expect(mail.subject).toContain(`Confirmation de votre commande Vela France n° ${number}`);
  expect(mail.body).toContain('Merci pour votre commande chez Vela France');
  expect(mail.body).toContain(product.name);
  expect(mail.body).toMatch(/Total\s*:?\s*[\d\u202f ]+,\d\d\u00a0€/);
  expect(mail.body).not.toContain('$');
});

test('the currency switcher shows the French store in dollars, and back in euros', async ({ page }) => {
  await page.goto('/fr/femme.html');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Devise').selectOption('USD');
  await footer.getByRole('button', { name: 'Changer de devise' }).click();
  await expect(page).toHaveURL(/\/fr\/femme\.html$/);
  await expect(page.locator('html')).toHaveAttribute('data-currency', 'USD');
  await expect(page.getByText(/\d+,\d\d\s\$US/).first()).toBeVisible();
  await expect(page.getByText(/\d+,\d\d\s€/)).toHaveCount(0);
  await footer.getByLabel('Devise').selectOption('EUR');
  await footer.getByRole('button', { name: 'Changer de devise' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-currency', 'USD');
  await expect(page.getByText(/\d+,\d\d\s€/).first()).toBeVisible();
});
