// Issue 9: a rate limit on the GraphQL endpoint overall, per client, that holds across processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommerce, type Commerce } from '../src/commerce';
import { openTestDatabase, type TestDatabase } from './postgresTestDatabase';

const QUERY = '{ storeConfig { store_code } }';
let dir: string;
let database: TestDatabase;
let first: Commerce;
let second: Commerce;

// A fixed shop clock: the test must not straddle the edge of a one-minute window.
const now = () => new Date('2026-03-01T12:00:10Z');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vela-budget-'));
  database = await openTestDatabase(dir);
  first = await createCommerce({ ...database.config, requestsPerMinute: 5, mailWorker: false, now, log: () => {} });
  // A second process on the same database.
  second = await createCommerce({ ...database.config, requestsPerMinute: 5, mailWorker: false, now, log: () => {} });
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const ask = (commerce: Commerce, client: string) =>
  commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    }),
    { address: client },
  );

describe('requests per client and minute', () => {
  it('answers 429 with Retry-After past the budget, for that client only, and counts across processes', async () => {
    for (let i = 0; i < 5; i++) expect((await ask(first, '203.0.113.1')).status).toBe(200);
    const refused = await ask(first, '203.0.113.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      errors: [{ message: 'Too many requests from your address. Please wait and try again later.' }],
    });
    expect((await ask(first, '203.0.113.2')).status).toBe(200);
    // Requests the host could not attribute (the server render in-process) are not counted.
    expect(
      (
        await first.fetch(
          new Request('http://localhost/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: QUERY }),
          }),
        )
      ).status,
    ).toBe(200);

    // The counts reach the database within a second; the other process then refuses the client too.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await ask(second, '203.0.113.1')).status).toBe(200); // its own count is not shared yet
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await ask(second, '203.0.113.1')).status).toBe(429);
    expect((await ask(second, '203.0.113.3')).status).toBe(200);
  });
});

describe('the back-office API under the same budget', () => {
  const askBackOffice = (commerce: Commerce, client: string) =>
    commerce.backOffice.fetch(
      new Request('http://localhost/admin/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': '1' },
        body: JSON.stringify({ query: '{ signInState { step } }' }),
      }),
      { address: client },
    );

  it('a client answered 429 on /graphql gets 429 on /admin/graphql too, and the other way round', async () => {
    for (let i = 0; i < 5; i++) expect((await ask(first, '203.0.113.20')).status).toBe(200);
    expect((await ask(first, '203.0.113.20')).status).toBe(429);
    const refused = await askBackOffice(first, '203.0.113.20');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    for (let i = 0; i < 5; i++) expect((await askBackOffice(first, '203.0.113.21')).status).toBe(200);
    expect((await askBackOffice(first, '203.0.113.21')).status).toBe(429);
    expect((await ask(first, '203.0.113.21')).status).toBe(429);
  });
});
