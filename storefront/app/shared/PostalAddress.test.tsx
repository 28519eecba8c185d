import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PostalAddress } from './PostalAddress';

afterEach(cleanup);

describe('PostalAddress', () => {
  it('renders one line per span in an <address>, the phone number last', () => {
    const { container } = render(
      <PostalAddress
        className="card"
        address={{
          firstname: 'Ada',
          lastname: 'Lovelace',
          street: ['1 Analytical Way'],
          city: 'Austin',
          regionCode: 'TX',
          postcode: '78701',
          countryCode: 'US',
          country: 'United States',
        }}
        telephone="+1 512 555 0100"
      />,
    );
    const address = container.querySelector('address');
    expect(address?.className).toBe('card');
    expect([...(address?.children ?? [])].map((line) => line.textContent)).toEqual([
      'Ada Lovelace',
      '1 Analytical Way',
      'Austin, TX 78701',
      'United States',
      '+1 512 555 0100',
    ]);
  });
});
