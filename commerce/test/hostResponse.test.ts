import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

let api: TestCommerce;
beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(() => api.close());

async function fetchApi(init: RequestInit): Promise<Response> {
  return api.commerce.fetch(new Request('http://localhost/graphql', init));
}

const postQuery = (query: string) =>
  fetchApi({
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });

describe("the API's answers", () => {
  // A Node host writes its own Response class without reading a stream (hostResponse.ts).
  it("come in the host's Response class, with Yoga's status, headers and body", async () => {
    const post = await postQuery('{ __typename storeConfig { store_code } }');
    expect(post).toBeInstanceOf(Response);
    expect(post.status).toBe(200);
    expect(post.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(post.headers.get('x-query-count'))).toBeGreaterThan(0);
    expect(await post.json()).toEqual({ data: { __typename: 'Query', storeConfig: { store_code: 'default' } } });

    const refused = await postQuery('{ nope }');
    expect(refused).toBeInstanceOf(Response);
    expect(refused.status).toBe(200);
    expect(((await refused.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/nope/);

    const unsupported = await fetchApi({ method: 'PUT', body: '{}' });
    expect(unsupported).toBeInstanceOf(Response);
    expect(unsupported.status).toBe(405);
    expect(unsupported.headers.get('allow')).toMatch(/GET/);
  });
});
