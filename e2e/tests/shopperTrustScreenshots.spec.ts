import { expect, test } from './fixtures';
import { fillUsAddress, gql } from './api';

// Not a check: SCREENSHOTS=before|after saves what issue 35's second session changed (the
// shipping and payment steps and the confirmation paid by bank transfer, the cart, the mini cart,
// the empty cart) on a phone and a desktop, under docs/screenshots/trust/, for people to look at.
const label = process.env.SCREENSHOTS;
const dir = '../docs/screenshots/trust';

for (const device of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`shopper-trust screenshots on a ${device.name}`, async ({ page, request }) => {
    test.skip(!label, 'set SCREENSHOTS=before or after');
    await page.setViewportSize(device.viewport);
    const shot = (name: string, fullPage = false) =>
      page.screenshot({ path: `${dir}/${label}-${device.name}-${name}.png`, fullPage });
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

    // The empty cart first, then the mini cart and the cart with one line.
    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await shot('1-empty-cart');
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
    await page.evaluate((id) => {
      window.localStorage.setItem('vela.cartId', id);
      document.cookie = `vela_cart=${id}; path=/`;
    }, cartId);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
    await shot('2-cart');
    await page
      .getByRole('link', { name: /^Cart, / })
      .first()
      .click();
    const miniCart = page.getByRole('dialog', { name: 'Your cart' });
    if (await miniCart.isVisible().catch(() => false)) {
      await expect(miniCart.getByRole('spinbutton').first()).toBeVisible();
      await shot('3-mini-cart');
    }

    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByLabel('E-mail address').fill(`trust${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillUsAddress(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Shipping method' })).toBeFocused();
    await shot('4-shipping');
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
    await page.getByRole('radio', { name: 'Bank Transfer Payment' }).check();
    await shot('5-payment-bank-transfer');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await shot('6-confirmation-bank-transfer', true);
  });
}
