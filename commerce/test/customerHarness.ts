// Shared set-up for the customer, auth, wishlist and authorization tests: a real commerce
// instance on a fresh database (SQLite, or PostgreSQL in the commerce-postgres project), a clock the tests move forward instead of sleeping, and
// requests that carry a bearer token the way a storefront sends it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCommerce } from '../src/commerce';
import type { Commerce } from '../src/commerce';
import type { GraphQLResult } from './cartHarness';
import { openTestDatabase } from './postgresTestDatabase';
import type { SyncSql } from './postgresSyncSql';

/** Undoes the mail's quoted-printable soft breaks and escapes so assertions can look for plain text. */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

export interface Clock {
  now: Date;
  advance(ms: number): void;
}

export interface AccountShop {
  commerce: Commerce;
  clock: Clock;
  dir: string;
  mailDir: string;
  sql: SyncSql;
  logs: string[];
  /** POST with an optional bearer token; `client` is the caller's address as the server would pass it. */
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
    client?: string,
  ): Promise<GraphQLResult<T>>;
  /** The raw response, for headers. */
  raw(init: {
    method?: 'GET' | 'POST';
    query: string;
    variables?: Record<string, unknown>;
    token?: string | null;
    client?: string;
  }): Promise<Response>;
  /** Delivers what is queued, then reads the mail folder. */
  mails(prefix?: string): Promise<Array<{ file: string; text: string }>>;
  close(): Promise<void>;
}

export async function openAccountShop(): Promise<AccountShop> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vela-customer-'));
  const mailDir = path.join(dir, 'mail');
  const clock: Clock = {
    now: new Date('2026-03-01T12:00:00Z'),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const logs: string[] = [];
  const database = await openTestDatabase(dir);
  const commerce = await createCommerce({
    ...database.config,
    mailDir,
    now: () => clock.now,
    publicUrl: 'https://shop.example',
    log: (line) => logs.push(line),
  });
  const sql = database.connectSql();

  const raw: AccountShop['raw'] = ({ method = 'POST', query, variables = {}, token, client }) => {
    const caller = client === undefined ? undefined : { address: client };
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (method === 'GET') {
      const url = new URL('http://localhost/graphql');
      url.searchParams.set('query', query);
      url.searchParams.set('variables', JSON.stringify(variables));
      return commerce.fetch(new Request(url, { headers }), caller);
    }
    return commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      }),
      caller,
    );
  };

  return {
    commerce,
    clock,
    dir,
    mailDir,
    sql,
    logs,
    raw,
    gql: async (query, variables, token, client) =>
      (await (await raw({ query, variables, token, client })).json()) as GraphQLResult,
    mails: async (prefix = '') => {
      await commerce.deliverMail();
      let files: string[] = [];
      try {
        files = readdirSync(mailDir)
          .filter((f) => f.startsWith(prefix))
          .sort();
      } catch {
        return [];
      }
      return files.map((file) => ({
        file,
        text: decodeQuotedPrintable(readFileSync(path.join(mailDir, file), 'utf8')),
      }));
    },
    async close() {
      sql.close();
      await commerce.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const PASSWORD = 'Correct-Horse-9';

export const CREATE = `mutation($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { firstname lastname email is_subscribed } } }`;
export const SIGN_IN = `mutation($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }`;

let counter = 0;

/** A new account and a token for it. */
export async function signUp(
  shop: AccountShop,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; token: string; password: string }> {
  counter += 1;
  const input = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: `ada${counter}-${Date.now()}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
  const created = await shop.gql(CREATE, { input });
  if (created.errors) throw new Error(`createCustomerV2: ${created.errors.map((e) => e.message).join('; ')}`);
  const signedIn = await shop.gql(SIGN_IN, { email: input.email, password: input.password });
  if (signedIn.errors) throw new Error(`generateCustomerToken: ${signedIn.errors.map((e) => e.message).join('; ')}`);
  return {
    email: String(input.email).toLowerCase(),
    token: signedIn.data.generateCustomerToken.token as string,
    password: String(input.password),
  };
}

export const US_ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 Infinite Loop'],
  city: 'Cupertino',
  region: { region_code: 'CA' },
  postcode: '95014',
  country_code: 'US',
  telephone: '555-0100',
};

export function errorOf(result: GraphQLResult): { message: string; category: unknown } | undefined {
  const error = result.errors?.[0];
  return error ? { message: error.message, category: error.extensions?.category } : undefined;
}
