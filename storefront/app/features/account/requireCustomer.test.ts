import { beforeEach, describe, expect, it } from 'vitest';
import { clearCustomerToken, setCustomerToken } from '../../data/customerSession';
import { loadPrivatePage, redirectIfSignedIn } from './requireCustomer';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (caught) {
    return caught;
  }
  return undefined;
}

beforeEach(() => {
  window.localStorage.clear();
  clearCustomerToken();
});

describe('private pages', () => {
  it('send a signed-out shopper to sign in with the way back', async () => {
    const response = (await loadPrivatePage(
      new Request('http://localhost/account/orders?q=1'),
      async () => undefined,
    ).catch((e: unknown) => e)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/account/signin?redirect=%2Faccount%2Forders%3Fq%3D1');
  });

  it('load for a signed-in customer and report failures as text', async () => {
    setCustomerToken('tok');
    await expect(loadPrivatePage(new Request('http://localhost/account'), async () => undefined)).resolves.toEqual({
      status: 'ready',
    });
    const failed = await loadPrivatePage(new Request('http://localhost/account'), async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(failed.status).toBe('error');
  });

  it('go to sign in when the server ended the session while loading', async () => {
    setCustomerToken('tok');
    const response = (await loadPrivatePage(new Request('http://localhost/account/addresses'), async () => {
      clearCustomerToken('expired');
      throw new Error("The current customer isn't authorized.");
    }).catch((e: unknown) => e)) as Response;
    expect(response.headers.get('Location')).toBe('/account/signin?redirect=%2Faccount%2Faddresses');
  });

  it('skip sign-in for a shopper who is already signed in, going on to a safe redirect target', () => {
    const signIn = (search: string) => new Request(`http://shop.test/account/signin${search}`);
    expect(thrown(() => redirectIfSignedIn(signIn('?redirect=%2Faccount%2Forders')))).toBeUndefined();
    setCustomerToken('tok');
    expect(
      (thrown(() => redirectIfSignedIn(signIn('?redirect=%2Faccount%2Forders'))) as Response).headers.get('Location'),
    ).toBe('/account/orders');
    expect((thrown(() => redirectIfSignedIn(signIn(''))) as Response).headers.get('Location')).toBe('/account');
    expect(
      (thrown(() => redirectIfSignedIn(signIn('?redirect=%2F%2Fevil.example'))) as Response).headers.get('Location'),
    ).toBe('/account');
  });
});
