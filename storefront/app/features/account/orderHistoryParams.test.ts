import { describe, expect, it } from 'vitest';
import { orderHistorySearch, orderHistoryVariables, readOrderHistoryParams } from './orderHistoryParams';

describe('order history URL', () => {
  it('round-trips the search and the loaded length', () => {
    const params = readOrderHistoryParams(new URLSearchParams('number=%20000012%20&shown=30'));
    expect(params).toEqual({ number: '000012', pageSize: 30 });
    expect(orderHistorySearch(params)).toBe('?number=000012&shown=30');
    expect(orderHistorySearch({ number: '', pageSize: 10 })).toBe('');
  });

  it('falls back to the first page for nonsense', () => {
    expect(readOrderHistoryParams(new URLSearchParams('shown=-3')).pageSize).toBe(10);
    expect(readOrderHistoryParams(new URLSearchParams('shown=abc')).pageSize).toBe(10);
    expect(readOrderHistoryParams(new URLSearchParams('shown=100000')).pageSize).toBe(200);
  });

  it('filters by order number only when one is given', () => {
    expect(orderHistoryVariables({ number: '', pageSize: 10 })).toEqual({ filter: null, pageSize: 10 });
    expect(orderHistoryVariables({ number: '12', pageSize: 20 })).toEqual({
      filter: { number: { match: '12' } },
      pageSize: 20,
    });
  });
});
