import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommerce } from '../src/commerce';
import type { Commerce, CommerceConfig } from '../src/commerce';
import { openTestDatabase } from './postgresTestDatabase';
import type { TestDatabase } from './postgresTestDatabase';

export interface TestCommerce {
  commerce: Commerce;
  logs: string[];
  dir: string;
  /** Spread into openDatabase / createCommerce options for another connection to the same data. */
  database: TestDatabase['config'];
  post(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: any }>;
  get(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/** A real commerce API on a fresh database (SQLite in a temp dir, or PostgreSQL), seeded with the demo catalog. */
/** `settings`: more of createCommerce's settings (the database's are the test engine's). */
export async function startTestCommerce(settings: Partial<CommerceConfig> = {}): Promise<TestCommerce> {
  const dir = mkdtempSync(join(tmpdir(), 'vela-commerce-'));
  const logs: string[] = [];
  const database = await openTestDatabase(dir);
  const commerce = await createCommerce({ ...database.config, log: (line) => logs.push(line), ...settings });
  const read = async (response: Response) => ({
    status: response.status,
    headers: response.headers,
    body: await response.json(),
  });
  return {
    commerce,
    logs,
    dir,
    database: database.config,
    post: async (query, variables = {}, headers = {}) =>
      read(
        await commerce.fetch(
          new Request('http://localhost/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
            body: JSON.stringify({ query, variables }),
          }),
        ),
      ),
    get: async (query, variables = {}, headers = {}) => {
      const url = new URL('http://localhost/graphql');
      url.searchParams.set('query', query);
      url.searchParams.set('variables', JSON.stringify(variables));
      return read(await commerce.fetch(new Request(url, { headers: { accept: 'application/json', ...headers } })));
    },
    close: async () => {
      await commerce.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
