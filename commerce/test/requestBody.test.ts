import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GRAPHQL_BODY_BYTES } from '../src/graphqlRuntime/requestBody';
import { startTestCommerce, type TestCommerce } from './catalogTestServer';

let api: TestCommerce;
beforeAll(async () => {
  api = await startTestCommerce();
});
afterAll(() => api.close());

const CREATE_CART = 'mutation { createGuestCart { cart { id } } }';

/** A body of `size` bytes that is valid JSON: the mutation padded with spaces. */
function paddedBody(size: number): string {
  const body = JSON.stringify({ query: CREATE_CART });
  return body.slice(0, -1) + ' '.repeat(Math.max(0, size - body.length)) + '}';
}

/** A body streamed in chunks with no declared length, as a chunked upload arrives. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 16 * 1024));
      offset += 16 * 1024;
    },
  });
}

async function send(body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const response = await api.commerce.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body,
      // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types do not know it.
      duplex: 'half',
    }),
  );
  return { status: response.status, body: (await response.json()) as any };
}

describe('request body limit', () => {
  it('answers a body at the limit', async () => {
    const { status, body } = await send(paddedBody(MAX_GRAPHQL_BODY_BYTES), {
      'content-length': String(MAX_GRAPHQL_BODY_BYTES),
    });
    expect(status).toBe(200);
    expect(body.data.createGuestCart.cart.id).toMatch(/^[\w-]{32}$/);
  });

  it('refuses a declared body over the limit with 413 before running it', async () => {
    const size = MAX_GRAPHQL_BODY_BYTES + 1;
    const { status, body } = await send(paddedBody(size), { 'content-length': String(size) });
    expect(status).toBe(413);
    expect(body.errors[0]).toMatchObject({
      message: `Request body larger than ${MAX_GRAPHQL_BODY_BYTES} bytes.`,
      extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' },
    });
    expect(body.data).toBeUndefined();
  });

  it('counts a body of undeclared length and refuses it once it passes the limit', async () => {
    const over = await send(streamed(paddedBody(MAX_GRAPHQL_BODY_BYTES + 100)));
    expect(over.status).toBe(413);
    expect(over.body.errors[0].extensions.code).toBe('REQUEST_ENTITY_TOO_LARGE');

    const within = await send(streamed(paddedBody(100 * 1024)));
    expect(within.status).toBe(200);
    expect(within.body.data.createGuestCart.cart.id).toMatch(/^[\w-]{32}$/);
  });

  it('refuses a Content-Length that is not one number with 400', async () => {
    for (const declared of ['10, 10', '-1', 'ten']) {
      const { status, body } = await send(paddedBody(200), { 'content-length': declared });
      expect(status, declared).toBe(400);
      expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
    }
  });
});
