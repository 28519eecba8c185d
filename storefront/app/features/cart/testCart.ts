// Test support: a cart as the API returns it for CartFields, built up from a few parts.
const money = (value: number, currency = 'USD') => ({
  __typename: 'Money' as const,
  value,
  currency: currency as 'USD',
});

export function testCart(
  overrides: {
    id?: string;
    discounts?: { label: string; amount: number }[];
    taxes?: { label: string; amount: number }[];
    shipping?: { carrier: string; method: string; amount: number } | null;
    subtotal?: number;
    total?: number;
  } = {},
) {
  const { id = 'cart-1', discounts = [], taxes = [], shipping = null, subtotal = 50, total = 50 } = overrides;
  return {
    __typename: 'Cart' as const,
    id,
    total_quantity: 2,
    applied_coupons: null,
    itemsV2: {
      __typename: 'CartItems' as const,
      total_count: 1,
      items: [
        {
          __typename: 'SimpleCartItem' as const,
          uid: 'item-1',
          quantity: 2,
          is_available: true,
          errors: null,
          product: {
            __typename: 'SimpleProduct' as const,
            uid: 'p-1',
            sku: 'MUG',
            name: 'Mug',
            url_key: 'mug',
            url_suffix: '.html',
            stock_status: 'IN_STOCK' as const,
            only_x_left_in_stock: null,
            thumbnail: { __typename: 'ProductImage' as const, url: '/media/mug.png', label: 'Mug' },
          },
          prices: {
            __typename: 'CartItemPrices' as const,
            price: money(25),
            row_total: money(50),
            total_item_discount: money(0),
          },
        },
      ],
    },
    shipping_addresses: shipping
      ? [
          {
            __typename: 'ShippingCartAddress' as const,
            selected_shipping_method: {
              __typename: 'SelectedShippingMethod' as const,
              carrier_title: shipping.carrier,
              method_title: shipping.method,
              amount: money(shipping.amount),
            },
          },
        ]
      : [],
    prices: {
      __typename: 'CartPrices' as const,
      subtotal_excluding_tax: money(subtotal),
      discounts: discounts.map((d) => ({ __typename: 'Discount' as const, label: d.label, amount: money(d.amount) })),
      applied_taxes: taxes.map((t) => ({
        __typename: 'CartTaxItem' as const,
        label: t.label,
        amount: money(t.amount),
      })),
      grand_total: money(total),
    },
  };
}
