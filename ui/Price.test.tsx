import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { Price } from './Price';

// Intl's French: a narrow no-break space groups thousands, a no-break space comes before the €.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

/**
 * The price under the provider the storefront's root.tsx sets up for a store locale. The kit knows
 * only Intl's language tags (`fr-FR`); turning a Magento locale (`fr_FR`) into one is the app's job.
 */
function priceIn(languageTag: string, value: number, currency: string) {
  render(
    <IntlProvider locale={languageTag} defaultLocale="en-US">
      <p data-testid="price">
        <Price value={value} currency={currency} />
      </p>
    </IntlProvider>,
  );
  const text = screen.getByTestId('price').textContent;
  cleanup();
  return text;
}

describe('Price', () => {
  it('formats euros the French way in a fr_FR store', () => {
    expect(priceIn('fr-FR', 1234.5, 'EUR')).toBe(`1${NNBSP}234,50${NBSP}€`);
  });

  it('formats the same amount the American way in an en_US store', () => {
    expect(priceIn('en-US', 1234.5, 'EUR')).toBe('€1,234.50');
    expect(priceIn('en-US', 1234.5, 'USD')).toBe('$1,234.50');
  });
});
