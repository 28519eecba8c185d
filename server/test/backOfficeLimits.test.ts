// Issue 28, defect 3, through the real server over HTTP: the back-office API counts the client the
// server sees (here through a trusted proxy's X-Forwarded-For), against the same request budget as
// /graphql, and staff sign-in has its own per-client-and-account limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';

let shop: ServerProcess;

beforeAll(async () => {
  shop = await startServerProcess({ TRUST_PROXY: 'true', GRAPHQL_REQUESTS_PER_MINUTE: '5' });
}, 60_000);
afterAll(async () => shop?.dispose());

function post(path: string, client: string, query: string, variables: Record<string, unknown> = {}) {
  return fetch(`${shop.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': '1', 'x-forwarded-for': client },
    body: JSON.stringify({ query, variables }),
  });
}

describe('the back-office API behind the server', () => {
  it('a client answered 429 on /graphql is answered 429 on /admin/graphql; another client is not', async () => {
    for (let i = 0; i < 5; i++) expect((await post('/graphql', '203.0.113.40', '{ __typename }')).status).toBe(200);
    expect((await post('/graphql', '203.0.113.40', '{ __typename }')).status).toBe(429);
    const refused = await post('/admin/graphql', '203.0.113.40', '{ signInState { step } }');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await post('/admin/graphql', '203.0.113.41', '{ signInState { step } }')).status).toBe(200);
  });

  it('one client may try 4 passwords per staff account, then is told to wait', async () => {
    const SIGN_IN = 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { step } }';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post('/admin/graphql', '203.0.113.42', SIGN_IN, {
        e: 'owner@example.com',
        p: `Wrong-password-${i}x`,
      });
      const body = (await response.json()) as { errors?: Array<{ message: string }> };
      messages.push(body.errors?.[0]?.message ?? 'signed in');
    }
    expect(messages.slice(0, 4).every((message) => /incorrect/.test(message))).toBe(true);
    expect(messages[4]).toBe('Too many sign-in attempts. Please wait and try again later.');
  });
});
