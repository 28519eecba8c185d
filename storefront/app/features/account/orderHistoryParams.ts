export const ORDERS_PAGE_SIZE = 10;

export interface OrderHistoryParams {
  /** The order number searched for; empty for all orders. */
  number: string;
  /** How many orders are shown: "Load more" grows it by a page. */
  pageSize: number;
}

/** The URL carries the search and how far the list was loaded, so reloads and Back keep both. */
export function readOrderHistoryParams(search: URLSearchParams): OrderHistoryParams {
  const number = (search.get('number') ?? '').trim();
  const shown = Number(search.get('shown'));
  const pageSize = Number.isInteger(shown) && shown > ORDERS_PAGE_SIZE ? Math.min(shown, 200) : ORDERS_PAGE_SIZE;
  return { number, pageSize };
}

export function orderHistoryVariables({ number, pageSize }: OrderHistoryParams) {
  return { filter: number ? { number: { match: number } } : null, pageSize };
}

export function orderHistorySearch({ number, pageSize }: OrderHistoryParams): string {
  const params = new URLSearchParams();
  if (number) params.set('number', number);
  if (pageSize > ORDERS_PAGE_SIZE) params.set('shown', String(pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}
