import { describe, expect, it } from 'vitest';
import { returnPathOf, safeRedirect, signInPath } from './signInRedirect';

describe('sign-in redirects', () => {
  it('sends the shopper to sign in and back to the page they asked for', () => {
    expect(signInPath('/account/orders')).toBe('/account/signin?redirect=%2Faccount%2Forders');
    expect(safeRedirect(new URLSearchParams('redirect=%2Faccount%2Forders%3Fq%3D12').get('redirect'))).toBe(
      '/account/orders?q=12',
    );
  });

  it('leaves the parameter out for the account home', () => {
    expect(signInPath('/account')).toBe('/account/signin');
  });

  it('never redirects off the shop', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeRedirect(target)).toBe('/account');
    }
  });

  it('does not loop back to the sign-in page', () => {
    expect(safeRedirect('/account/signin?redirect=/x')).toBe('/account');
  });

  it('takes the return path from a request', () => {
    expect(returnPathOf(new Request('http://localhost/account/orders?page=2'))).toBe('/account/orders?page=2');
  });
});
