// Shared by the SQLite and PostgreSQL write-failure tests: what a load balancer and a shopper see
// while the shop's database answers reads but refuses to store anything.
import { expect } from 'vitest';

export async function readiness(origin: string): Promise<{ status: number; detail: string }> {
  const response = await fetch(`${origin}/readyz`);
  const body = (await response.json()) as { detail: string };
  return { status: response.status, detail: body.detail };
}

interface CartAnswer {
  data?: { createGuestCart: { cart: { id: string } } } | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** A shopper starting a cart: a write, as every cart and order change is. */
export async function createCart(origin: string): Promise<CartAnswer> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { createGuestCart { cart { id } } }' }),
  });
  return (await response.json()) as CartAnswer;
}

/** Ready, and a cart can be made. */
export async function expectWritable(origin: string): Promise<void> {
  await expect.poll(async () => (await readiness(origin)).status, { timeout: 10_000 }).toBe(200);
  const cart = await createCart(origin);
  expect(cart.errors).toBeUndefined();
  expect(cart.data?.createGuestCart.cart.id).toMatch(/./);
}

/** Not ready, saying why, and the shopper is told to try again rather than "Unexpected error.". */
export async function expectWritesRefused(origin: string): Promise<void> {
  await expect.poll(async () => (await readiness(origin)).status, { timeout: 10_000 }).toBe(503);
  expect((await readiness(origin)).detail).toMatch(/refuses writes/);
  const cart = await createCart(origin);
  expect(cart.errors?.[0]).toMatchObject({
    message: 'The shop cannot save changes right now. Please try again in a moment.',
    extensions: { code: 'WRITE_UNAVAILABLE', category: 'graphql-service-unavailable' },
  });
}
