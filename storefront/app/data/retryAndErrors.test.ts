import { gql } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './createApolloClient';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../test/graphqlTestServer';
import { RETRY_INITIAL_DELAY_MS, RETRY_MAX_ATTEMPTS } from './retryPolicy';

const STORE_QUERY = gql`
  query StoreName {
    storeConfig {
      store_code
      store_name
    }
  }
`;

const STORE_DATA = { storeConfig: { __typename: 'StoreConfig', store_code: 'default', store_name: 'Vela' } };

let server: GraphqlTestServer;
beforeAll(async () => {
  server = await startGraphqlTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

function quietClient() {
  const reported: unknown[] = [];
  const client = createApolloClient({ uri: server.uri, reportError: (error) => reported.push(error) });
  return { client, reported };
}

/** With Math.random() at 0 the jittered delay is 0 ms, so exhausting every attempt is quick. */
function withoutRetryDelay() {
  vi.spyOn(Math, 'random').mockReturnValue(0);
}

describe('retry policy', () => {
  it('uses the RetryLink defaults: 5 attempts, 300 ms initial delay', () => {
    expect(RETRY_MAX_ATTEMPTS).toBe(5);
    expect(RETRY_INITIAL_DELAY_MS).toBe(300);
  });

  it('gives up after exactly 5 attempts and reports the last error once', async () => {
    withoutRetryDelay();
    server.respondWith((_req, res) => sendJson(res, 500, { message: 'down' }));
    const { client, reported } = quietClient();

    await expect(client.query({ query: STORE_QUERY })).rejects.toThrow(
      'Response not successful: Received status code 500',
    );
    expect(server.requests).toHaveLength(5);
    expect(reported).toHaveLength(1);
  });

  it('succeeds when a later attempt works', async () => {
    withoutRetryDelay();
    server.respondWith((_req, res, attempt) =>
      attempt < 3 ? sendJson(res, 503, {}) : sendJson(res, 200, { data: STORE_DATA }),
    );
    const { client, reported } = quietClient();

    const result = await client.query({ query: STORE_QUERY });
    expect(result.data).toEqual(STORE_DATA);
    expect(server.requests).toHaveLength(3);
    expect(reported).toHaveLength(0);
  });

  it('waits about 300 ms before the first retry, then doubles (jitter at its mean)', async () => {
    // Full jitter draws the delay uniformly from [0, 2 × 300 × 2^(n-1)); 0.5 gives its mean.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    server.respondWith((_req, res, attempt) =>
      attempt < 3 ? sendJson(res, 500, {}) : sendJson(res, 200, { data: STORE_DATA }),
    );
    const { client } = quietClient();

    await client.query({ query: STORE_QUERY });
    const [first, second, third] = server.requests.map((r) => r.at);
    const firstDelay = second! - first!;
    const secondDelay = third! - second!;
    expect(firstDelay).toBeGreaterThanOrEqual(290);
    expect(firstDelay).toBeLessThan(580);
    expect(secondDelay).toBeGreaterThanOrEqual(590);
    expect(secondDelay).toBeLessThan(1100);
  });

  it('does not retry while the browser knows it is offline', async () => {
    withoutRetryDelay();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.respondWith((_req, res) => sendJson(res, 503, {}));
    const { client } = quietClient();

    await expect(client.query({ query: STORE_QUERY })).rejects.toThrow(
      'Response not successful: Received status code 503',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry GraphQL errors: they are an answer, not a failure', async () => {
    server.respondWith((_req, res) => sendJson(res, 200, { errors: [{ message: 'The store code is invalid.' }] }));
    const { client } = quietClient();

    const failure = await client.query({ query: STORE_QUERY }).catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure)).toBe(true);
    expect((failure as Error).message).toBe('The store code is invalid.');
    expect(server.requests).toHaveLength(1);
  });
});

describe("Apollo's transport errors", () => {
  it('status >= 300 → ServerError "Response not successful: Received status code {status}"', async () => {
    withoutRetryDelay();
    for (const status of [302, 404, 502]) {
      server.respondWith((_req, res) => sendJson(res, status, {}));
      const { client } = quietClient();
      const failure = await client.query({ query: STORE_QUERY }).catch((error: unknown) => error);
      expect(ServerError.is(failure)).toBe(true);
      expect((failure as ServerError).message).toBe(`Response not successful: Received status code ${status}`);
      expect((failure as ServerError).statusCode).toBe(status);
    }
  });

  it('a body that is not JSON → ServerParseError carrying the parser message and the body', async () => {
    withoutRetryDelay();
    server.respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    const { client } = quietClient();

    const failure = await client.query({ query: STORE_QUERY }).catch((error: unknown) => error);
    expect(ServerParseError.is(failure)).toBe(true);
    expect((failure as ServerParseError).name).toBe('ServerParseError');
    expect((failure as ServerParseError).message).toMatch(/JSON/);
    expect((failure as ServerParseError).bodyText).toBe('<html>maintenance</html>');
    expect(server.requests).toHaveLength(5);
  });

  it('a body with neither data nor errors → "Server response was malformed for query \'{name}\'."', async () => {
    withoutRetryDelay();
    server.respondWith((_req, res) => sendJson(res, 200, {}));
    const { client } = quietClient();

    const failure = await client.query({ query: STORE_QUERY }).catch((error: unknown) => error);
    expect(ServerError.is(failure)).toBe(true);
    expect((failure as ServerError).message).toBe("Server response was malformed for query 'StoreName'.");
    expect(server.requests).toHaveLength(5);
  });
});

describe('aborted requests', () => {
  it('are not retried and not reported, neither to the reporter nor to the console', async () => {
    const consoleError = vi.spyOn(console, 'error');
    server.respondWith((_req, res) => {
      setTimeout(() => sendJson(res, 200, { data: STORE_DATA }), 400);
    });
    const { client, reported } = quietClient();
    const controller = new AbortController();

    const pending = client.query({ query: STORE_QUERY, context: { fetchOptions: { signal: controller.signal } } });
    setTimeout(() => controller.abort(), 50);
    const failure = await pending.catch((error: unknown) => error);

    expect((failure as Error).name).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.requests).toHaveLength(1);
    expect(reported).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('stop a retry that is already scheduled', async () => {
    // Math.random() near 1 puts the first retry about 600 ms after the failure.
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const consoleError = vi.spyOn(console, 'error');
    server.respondWith((_req, res) => sendJson(res, 500, {}));
    const { client, reported } = quietClient();
    const controller = new AbortController();

    const pending = client.query({ query: STORE_QUERY, context: { fetchOptions: { signal: controller.signal } } });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    const failure = await pending.catch((error: unknown) => error);

    expect((failure as Error).name).toBe('AbortError');
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(server.requests).toHaveLength(1);
    expect(reported).toHaveLength(0);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('count as aborted even when the signal was aborted with a custom reason', async () => {
    server.respondWith((_req, res) => {
      setTimeout(() => sendJson(res, 200, { data: STORE_DATA }), 400);
    });
    const { client, reported } = quietClient();
    const controller = new AbortController();

    const pending = client.query({ query: STORE_QUERY, context: { fetchOptions: { signal: controller.signal } } });
    setTimeout(() => controller.abort('navigated away'), 50);
    await pending.catch(() => undefined);

    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.requests).toHaveLength(1);
    expect(reported).toHaveLength(0);
  });
});
