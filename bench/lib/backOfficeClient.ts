import { randomBytes } from 'node:crypto';
import { openShopMaintenance } from '@vela/commerce';

/** A signed-in staff session on a running shop's /admin/graphql, as the back office uses it. */
export interface BackOfficeClient {
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** Starts a background import of `csv` (Magento's product CSV) and waits until it finished. */
  importCsv(csv: string): Promise<{ status: string }>;
}

/**
 * Creates a staff account in the shop's database (as `npm run vela -- admin:create` does) and
 * signs it in through the running shop.
 */
export async function signInStaff(
  origin: string,
  database: { sqlitePath?: string; databaseUrl?: string },
): Promise<BackOfficeClient> {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = randomBytes(18).toString('base64url');
  const maintenance = await openShopMaintenance(database);
  try {
    await maintenance.createStaff({ email, name: 'Memory Bench', role: 'staff', password });
  } finally {
    await maintenance.close();
  }
  const endpoint = `${origin}/admin/graphql`;
  const signIn = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': '1' },
    body: JSON.stringify({
      query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { step csrfToken } }',
      variables: { e: email, p: password },
    }),
  });
  const signedIn = (await signIn.json()) as { data?: { signIn: { step: string; csrfToken: string } } };
  if (signedIn.data?.signIn.step !== 'SIGNED_IN') throw new Error(`staff sign-in failed: ${JSON.stringify(signedIn)}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const headers = { cookie, 'x-csrf-token': signedIn.data.signIn.csrfToken };

  const answer = async <T>(response: Response): Promise<T> => {
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (response.status !== 200 || body.errors || !body.data)
      throw new Error(`back office answered ${response.status}: ${JSON.stringify(body.errors ?? body)}`);
    return body.data;
  };
  const request = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> =>
    answer<T>(
      await fetch(endpoint, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      }),
    );
  return {
    request,
    async importCsv(csv) {
      // The GraphQL multipart request the back office's import page sends.
      const form = new FormData();
      form.set(
        'operations',
        JSON.stringify({
          query: 'mutation($file: File!) { startCatalogImport(file: $file) { id status } }',
          variables: { file: null },
        }),
      );
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', new Blob([csv], { type: 'text/csv' }), 'catalog.csv');
      const started = await answer<{ startCatalogImport: { id: string; status: string } }>(
        await fetch(endpoint, { method: 'POST', headers, body: form }),
      );
      let job = started.startCatalogImport;
      const deadline = Date.now() + 120_000;
      while (job.status === 'RUNNING') {
        if (Date.now() > deadline) throw new Error('the catalog import did not finish within 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 500));
        job = (
          await request<{ catalogImport: { id: string; status: string } }>(
            'query($id: ID!) { catalogImport(id: $id) { id status } }',
            { id: job.id },
          )
        ).catalogImport;
      }
      return job;
    },
  };
}

/** A new simple product in the default category tree, through the back office's createProduct. */
export async function createBenchProduct(client: BackOfficeClient, serial: number, stockQty = 1000): Promise<string> {
  const sku = `bench-${Date.now().toString(36)}-${serial}`;
  await client.request('mutation($input: AdminNewProductInput!) { createProduct(input: $input) { sku } }', {
    input: {
      sku,
      name: `Bench Lantern ${serial} ${randomBytes(3).toString('hex')}`,
      description: `<p>A lantern made for the memory bench, number ${serial}.</p>`,
      price: 10 + (serial % 90),
      stockQty,
    },
  });
  return sku;
}
