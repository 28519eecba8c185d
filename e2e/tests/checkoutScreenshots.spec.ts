import { expect, test } from './fixtures';
import { fillUsAddress, gql } from './api';

// Not a check: SCREENSHOTS=before|after saves each checkout step and the confirmation, on a phone
// and a desktop, under docs/screenshots/checkout/, for people to look at (issue 35).
const label = process.env.SCREENSHOTS;
const dir = '../docs/screenshots/checkout';

for (const device of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`checkout screenshots on a ${device.name}`, async ({ page, request }) => {
    test.skip(!label, 'set SCREENSHOTS=before or after');
    await page.setViewportSize(device.viewport);
    const shot = (step: string) => page.screenshot({ path: `${dir}/${label}-${device.name}-${step}.png` });
    const found = await gql<{
      products: {
        items: Array<{
          sku: string;
          variants: Array<{
            attributes: Array<{ uid: string }>;
            product: { stock_status: string; only_x_left_in_stock: number | null };
          }>;
        }>;
      };
    }>(
      request,
      `{ products(search: "hoodie", pageSize: 1) { items { sku ... on ConfigurableProduct { variants { attributes { uid } product { stock_status only_x_left_in_stock } } } } } }`,
    );
    const item = found.products.items[0];
    if (!item) throw new Error('no hoodie in the demo catalog');
    const variant = item.variants.find(
      (v) => v.product.stock_status === 'IN_STOCK' && v.product.only_x_left_in_stock === null,
    );
    const cart = await gql<{ createGuestCart: { cart: { id: string } } }>(
      request,
      'mutation { createGuestCart { cart { id } } }',
    );
    const cartId = cart.createGuestCart.cart.id;
    await gql(
      request,
      `mutation($cartId: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cartId, cartItems: $items) { cart { id } } }`,
      {
        cartId,
        items: [{ sku: item.sku, quantity: 2, selected_options: variant?.attributes.map((a) => a.uid) ?? [] }],
      },
    );
    await page.goto('/');
    await page.evaluate((id) => window.localStorage.setItem('vela.cartId', id), cartId);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await shot('1-email');
    await page.getByLabel('E-mail address').fill('a.very.long.address.for.a.shopper@example-company.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Shipping address' })).toBeFocused();
    await shot('2-address');
    await fillUsAddress(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
    await shot('3-shipping');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
    await page.getByRole('radio', { name: 'Check / Money order' }).check();
    await shot('4-payment');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Review and place order' })).toBeFocused();
    await shot('5-review');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await page.screenshot({ path: `${dir}/${label}-${device.name}-6-confirmation.png`, fullPage: true });
  });
}
