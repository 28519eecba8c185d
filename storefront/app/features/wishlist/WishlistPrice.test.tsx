import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { WishlistPrice } from './WishlistPrice';

afterEach(cleanup);

function renderPrice(final: number, regular: number) {
  return render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <WishlistPrice
        minimum={{ final_price: { value: final, currency: 'USD' }, regular_price: { value: regular, currency: 'USD' } }}
      />
    </IntlProvider>,
  );
}

describe('WishlistPrice', () => {
  it('shows a product on sale as the cards do: the price paid, then the regular price struck through', () => {
    const { container } = renderPrice(59.5, 85);
    const sale = screen.getByTestId('wishlist-sale-price');
    expect(sale.textContent).toBe('Sale price$59.50 Regular price$85.00');
    expect(container.querySelector('s')?.textContent).toBe('$85.00');
  });

  it('shows one price when there is no sale', () => {
    const { container } = renderPrice(85, 85);
    expect(screen.queryByTestId('wishlist-sale-price')).toBeNull();
    expect(container.querySelector('s')).toBeNull();
    expect(container.textContent).toBe('$85.00');
  });
});
