// Shared by the SQLite and PostgreSQL backup tests: a shop that takes an order, is backed up while
// it runs, takes another, and is restored; the restored shop has the first order and not the second.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GUEST_CHECKOUT } from './guestCheckout';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function post(origin: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { message: string }[] };
}

/** A guest order of one unit of an in-stock simple product; its number. */
export async function placeOrder(origin: string): Promise<string> {
  const found = await post(
    origin,
    '{ products(search: "", pageSize: 50) { items { __typename sku stock_status } } }',
    {},
  );
  const items = found.data.products.items as { __typename: string; sku: string; stock_status: string }[];
  const sku = items.find((p) => p.__typename === 'SimpleProduct' && p.stock_status === 'IN_STOCK')!.sku;
  let id = '';
  let last: Awaited<ReturnType<typeof post>> = {};
  for (const [step, query] of GUEST_CHECKOUT.entries()) {
    last = await post(origin, query, step === 0 ? {} : { id, sku });
    if (last.errors) throw new Error(`checkout step ${step}: ${last.errors[0]!.message}`);
    if (step === 0) id = last.data.createGuestCart.cart.id as string;
  }
  return last.data.placeOrder.orderV2.number as string;
}

/** Whether the shop finds the order by number, e-mail and billing postcode (guestCheckout's). */
export async function findsOrder(origin: string, number: string): Promise<boolean> {
  const answer = await post(origin, 'query($i: OrderInformationInput!) { guestOrder(input: $i) { number } }', {
    i: { number, email: 'stop@example.com', postcode: '73301' },
  });
  return answer.data?.guestOrder?.number === number;
}

/** npm run backup / restore, as an operator runs them. */
export function backupScript(command: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'backup.mjs'), command, file], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
