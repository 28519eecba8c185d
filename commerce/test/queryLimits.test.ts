import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_LIMITS } from '../src/graphqlRuntime/queryLimits';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

let api: TestCommerce;
beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(() => api.close());

function nested(levels: number): string {
  // categoryList → children → children … : each level is one more field of depth.
  let selection = 'uid';
  for (let i = 0; i < levels; i++) selection = `children { uid ${selection} }`;
  return `{ categoryList { ${selection} } }`;
}

describe('query limits', () => {
  it('answers a document within the limits', async () => {
    const { status, body } = await api.post(nested(QUERY_LIMITS.depth - 3));
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
  });

  it('refuses a document deeper than the limit without running it', async () => {
    const { status, body } = await api.post(nested(QUERY_LIMITS.depth + 2));
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/depth/i);
  });

  it('refuses too many aliases and too many tokens', async () => {
    const aliases = Array.from(
      { length: QUERY_LIMITS.aliases + 1 },
      (_, i) => `a${i}: storeConfig { store_code }`,
    ).join(' ');
    const aliased = await api.post(`{ ${aliases} }`);
    expect(aliased.body.errors[0].message).toMatch(/alias/i);
    const long = await api.post(`{ storeConfig { ${'store_code '.repeat(QUERY_LIMITS.tokens)} } }`);
    expect(long.body.errors[0].message).toMatch(/token/i);
  });
});
