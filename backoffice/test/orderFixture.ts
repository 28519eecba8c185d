/** An order as the back office's AdminOrderFields reads it, for the order page's screen tests. */
export const usd = (value: number) => ({ value, currency: 'USD' });

export function order(status: string, allowedActions: string[], more: Record<string, unknown> = {}) {
  return {
    number: '000000042',
    status,
    allowedActions,
    createdAt: '2026-11-20T10:00:00Z',
    storeCode: 'default',
    email: 'ada@example.com',
    customerName: 'Ada Lovelace',
    customerEmail: null,
    items: [
      {
        line: 1,
        sku: 'MUG',
        name: 'Mug',
        options: [],
        quantityOrdered: 2,
        // Invoiced whole once past pending, shipped whole once complete, unless a test says otherwise.
        quantityInvoiced: status === 'PENDING' ? 0 : 2,
        quantityShipped: status === 'COMPLETE' || status === 'SHIPPED' ? 2 : 0,
        quantityRefunded: 0,
        price: usd(10),
        rowTotal: usd(20),
      },
    ],
    subtotal: usd(20),
    discount: usd(0),
    shipping: usd(5),
    tax: usd(0),
    grandTotal: usd(25),
    totalPaid: usd(25),
    totalRefunded: usd(0),
    couponCode: null,
    shippingMethod: 'Flat rate',
    paymentMethod: 'Check / money order',
    shippingAddress: ['Ada Lovelace', '1 Main St'],
    billingAddress: ['Ada Lovelace', '1 Main St'],
    invoices: [],
    shipments: [],
    refunds: [],
    comments: [],
    paymentTransactions: [],
    ...more,
  };
}

export const at = { path: '/orders/000000042', route: '/orders/:number' };
