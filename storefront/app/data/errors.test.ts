import type { ServerResponse } from 'node:http';
import { gql } from '@apollo/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './createApolloClient';
import {
  describeError,
  GRAPHQL_FALLBACK_MESSAGE,
  isAbortError,
  NETWORK_MESSAGE,
  OFFLINE_MESSAGE,
  SERVER_MESSAGE,
} from './errors';
import { sendJson, startGraphqlTestServer, type GraphqlTestServer } from '../../test/graphqlTestServer';

const QUERY = gql`
  query StoreCode {
    storeConfig {
      store_code
    }
  }
`;

let server: GraphqlTestServer;
beforeAll(async () => {
  server = await startGraphqlTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** The error a real request ends with, retries made instant. */
async function failureFrom(uri: string): Promise<unknown> {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  const client = createApolloClient({ uri, reportError: () => undefined });
  return client.query({ query: QUERY }).then(
    () => {
      throw new Error('expected the query to fail');
    },
    (error: unknown) => error,
  );
}

describe('describeError', () => {
  it('shows Magento GraphQL messages as they are (kind graphql)', async () => {
    server.respondWith((_req, res) =>
      sendJson(res, 200, {
        errors: [{ message: 'The requested qty is not available' }, { message: 'The requested qty is not available' }],
      }),
    );
    expect(describeError(await failureFrom(server.uri))).toEqual({
      kind: 'graphql',
      message: 'The requested qty is not available',
    });
  });

  it('falls back to a generic sentence for GraphQL errors without a message', async () => {
    server.respondWith((_req, res) => sendJson(res, 200, { errors: [{ message: '' }] }));
    expect(describeError(await failureFrom(server.uri))).toEqual({
      kind: 'graphql',
      message: GRAPHQL_FALLBACK_MESSAGE,
    });
  });

  it.each([
    ['a 500 status', (res: ServerResponse) => sendJson(res, 500, {})],
    ['a body that is not JSON', (res: ServerResponse) => res.end('<html>oops</html>')],
    ['a body without data or errors', (res: ServerResponse) => sendJson(res, 200, {})],
  ])('calls %s a server problem without exposing it', async (_label, respond) => {
    server.respondWith((_req, res) => respond(res));
    const described = describeError(await failureFrom(server.uri));
    expect(described).toEqual({ kind: 'server', message: SERVER_MESSAGE });
  });

  it('calls an unreachable server a network problem', async () => {
    const unreachable = await startGraphqlTestServer();
    const uri = unreachable.uri;
    await unreachable.close();
    const described = describeError(await failureFrom(uri));
    expect(described).toEqual({ kind: 'network', message: NETWORK_MESSAGE });
    expect(described.message).not.toMatch(/fetch|ECONNREFUSED|at /);
  });

  it('says offline when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(describeError(new TypeError('Failed to fetch'))).toEqual({ kind: 'offline', message: OFFLINE_MESSAGE });
  });

  it('never returns a stack for unknown throwables', () => {
    const error = new Error('internal detail');
    expect(describeError(error).message).not.toContain('internal detail');
    expect(describeError('weird').kind).toBe('network');
  });
});

describe('isAbortError', () => {
  it('recognises abort errors and aborted signals', () => {
    expect(isAbortError(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('wrapped', { cause: new DOMException('x', 'AbortError') }))).toBe(true);
    const controller = new AbortController();
    controller.abort('navigated away');
    expect(isAbortError('navigated away', controller.signal)).toBe(true);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError(new TypeError('Failed to fetch'), new AbortController().signal)).toBe(false);
  });
});
