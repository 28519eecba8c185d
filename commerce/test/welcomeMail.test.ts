// A shopper's sign-up is welcomed by mail: queued with the account (a refused sign-up sends
// nothing), in the language of the store view it was made in, linking to that store view's account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE, openAccountShop, PASSWORD } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;

beforeAll(async () => {
  shop = await openAccountShop();
}, 60_000);

afterAll(async () => shop?.close());

async function createIn(store: string | null, input: Record<string, unknown>) {
  const response = await shop.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(store ? { store } : {}) },
      body: JSON.stringify({ query: CREATE, variables: { input } }),
    }),
  );
  return (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> };
}

describe('the welcome mail after sign-up', () => {
  it('welcomes a new account once, by name, linking to the account overview', async () => {
    const created = await createIn(null, {
      firstname: 'Mary',
      lastname: 'Somerville',
      email: 'Mary@Example.com',
      password: PASSWORD,
    });
    expect(created.errors).toBeUndefined();
    const mails = await shop.mails('signup-welcome-');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.text;
    expect(mail).toMatch(/^To: mary@example\.com$/m);
    expect(mail).toMatch(/^Subject: Welcome to /m);
    expect(mail).toContain('Hello Mary,');
    expect(mail).toContain('You sign in with mary@example.com');
    expect(mail).toContain('https://shop.example/account');
    expect(mail).not.toContain(PASSWORD);
  });

  it('sends nothing when the sign-up is refused (the address is taken)', async () => {
    const before = (await shop.mails('signup-welcome-')).length;
    const again = await createIn(null, {
      firstname: 'M',
      lastname: 'S',
      email: 'mary@example.com',
      password: PASSWORD,
    });
    expect(again.errors?.[0]?.message).toMatch(/already exists/);
    expect(await shop.mails('signup-welcome-')).toHaveLength(before);
  });

  it("writes in the store view's language and links to its own account page", async () => {
    const stores = shop.sql.prepare('select code, locale from store_view').all() as Array<{
      code: string;
      locale: string;
    }>;
    const french = stores.find((s) => s.locale === 'fr_FR');
    expect(french, `a French store view among ${JSON.stringify(stores)}`).toBeDefined();
    const created = await createIn(french!.code, {
      firstname: 'Émilie',
      lastname: 'du Châtelet',
      email: 'emilie@example.com',
      password: PASSWORD,
    });
    expect(created.errors).toBeUndefined();
    const mail = (await shop.mails('signup-welcome-')).map((m) => m.text).find((t) => t.includes('emilie@example.com'));
    expect(mail).toMatch(/^Subject: Bienvenue chez /m);
    expect(mail).toContain('Bonjour Émilie,');
    expect(mail).toContain('Dans votre compte, vous pouvez\u00a0:');
    expect(mail).toContain(`https://shop.example/${french!.code}/account`);
  });
});
