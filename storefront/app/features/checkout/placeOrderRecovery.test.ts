import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { checkWhetherPlaced, isCartClosedMessage } from './placeOrderRecovery';

describe('checkWhetherPlaced', () => {
  it('a cart that still reads: nothing was ordered', async () => {
    expect(await checkWhetherPlaced(() => Promise.resolve({ data: { cart: { id: 'c1' } } }))).toBe('not-placed');
  });

  it('a closed cart: the order went through', async () => {
    const closed = new CombinedGraphQLErrors({ errors: [{ message: "The cart isn't active." }] });
    expect(await checkWhetherPlaced(() => Promise.reject(closed))).toBe('placed');
  });

  it('any other failure: we cannot tell', async () => {
    const missing = new CombinedGraphQLErrors({ errors: [{ message: 'Could not find a cart with ID "c1"' }] });
    expect(await checkWhetherPlaced(() => Promise.reject(missing))).toBe('unknown');
    const down = new ServerError('Bad gateway', { response: new Response('', { status: 502 }), bodyText: '' });
    expect(await checkWhetherPlaced(() => Promise.reject(down))).toBe('unknown');
    expect(await checkWhetherPlaced(() => Promise.reject(new TypeError('Failed to fetch')))).toBe('unknown');
  });
});

describe('isCartClosedMessage', () => {
  it("knows Magento's message, with either apostrophe, and nothing else", () => {
    expect(isCartClosedMessage("The cart isn't active.")).toBe(true);
    expect(isCartClosedMessage('The cart isn’t active.')).toBe(true);
    expect(isCartClosedMessage('The requested qty is not available')).toBe(false);
  });
});
