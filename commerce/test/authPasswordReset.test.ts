import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, openAccountShop, SIGN_IN, signUp } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;

beforeAll(async () => {
  shop = await openAccountShop();
}, 60_000);

afterAll(async () => shop?.close());

const REQUEST = 'mutation($e: String!) { requestPasswordResetEmail(email: $e) }';
const RESET =
  'mutation($e: String!, $t: String!, $p: String!) { resetPassword(email: $e, resetPasswordToken: $t, newPassword: $p) }';

/** The link of the newest reset e-mail to this address. */
async function latestLink(email: string): Promise<{ url: URL; token: string }> {
  const mails = (await shop.mails('password-reset-')).filter((m) => m.text.includes(`To: ${email}`));
  const text = mails.at(-1)?.text ?? '';
  const match = /https:\/\/shop\.example\/customer\/account\/createPassword\?token=[\w-]+&email=[\w.%-]+/.exec(text);
  if (!match) throw new Error(`no reset link for ${email} in:\n${text}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token')! };
}

describe('requestPasswordResetEmail', () => {
  it('answers true for an unknown address and mails nothing', async () => {
    const before = (await shop.mails()).length;
    expect((await shop.gql(REQUEST, { e: 'nobody-here@example.com' })).data.requestPasswordResetEmail).toBe(true);
    expect((await shop.mails()).length).toBe(before);
  });

  it('validates the address format', async () => {
    expect(errorOf(await shop.gql(REQUEST, { e: 'not-an-address' }))?.message).toBe(
      'The email address has an invalid format.',
    );
  });

  it('mails a link to the storefront page with the token and the address; only a digest is stored', async () => {
    const { email } = await signUp(shop);
    expect((await shop.gql(REQUEST, { e: email.toUpperCase() })).data.requestPasswordResetEmail).toBe(true);
    const { url, token } = await latestLink(email);
    expect(url.pathname).toBe('/customer/account/createPassword');
    expect(url.searchParams.get('email')).toBe(email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const row = shop.sql.prepare('select reset_token_hash from customer where email = ?').get(email) as {
      reset_token_hash: string;
    };
    expect(row.reset_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.reset_token_hash).not.toBe(token);
    const mail = (await shop.mails('password-reset-')).at(-1)!.text;
    expect(mail).toMatch(/^Subject: Reset your Vela password$/m);
    expect(mail).toContain('expires in 1 hour');
  });
});

describe('resetPassword', () => {
  it('sets the new password once, ends every token, and the link does not work a second time', async () => {
    const { email, token: session, password } = await signUp(shop);
    await shop.gql(REQUEST, { e: email });
    const { token } = await latestLink(email);

    expect(errorOf(await shop.gql(RESET, { e: email, t: token, p: 'weakweak' }))?.message).toMatch(
      /^Minimum of different classes/,
    );
    expect((await shop.gql(RESET, { e: email, t: token, p: 'Reset-Pass-77' })).data.resetPassword).toBe(true);
    expect(errorOf(await shop.gql('{ customer { email } }', {}, session))?.message).toBe(
      "The current customer isn't authorized.",
    );
    expect(errorOf(await shop.gql(SIGN_IN, { email, password }))?.message).toMatch(
      /^The account sign-in was incorrect/,
    );
    expect((await shop.gql(SIGN_IN, { email, password: 'Reset-Pass-77' })).errors).toBeUndefined();

    expect(errorOf(await shop.gql(RESET, { e: email, t: token, p: 'Another-Pass-88' }))).toEqual({
      message: "Cannot set the customer's password",
      category: 'graphql-input',
    });
  });

  it('refuses an expired link, a wrong token, a token for another address and an unknown address alike', async () => {
    const { email } = await signUp(shop);
    const other = await signUp(shop);
    await shop.gql(REQUEST, { e: email });
    const { token } = await latestLink(email);
    const refused = "Cannot set the customer's password";
    expect(errorOf(await shop.gql(RESET, { e: email, t: 'x'.repeat(43), p: 'Reset-Pass-77' }))?.message).toBe(refused);
    expect(errorOf(await shop.gql(RESET, { e: other.email, t: token, p: 'Reset-Pass-77' }))?.message).toBe(refused);
    expect(
      errorOf(await shop.gql(RESET, { e: 'nobody-here@example.com', t: token, p: 'Reset-Pass-77' }))?.message,
    ).toBe(refused);
    shop.clock.advance(60 * 60_000 + 1000);
    expect(errorOf(await shop.gql(RESET, { e: email, t: token, p: 'Reset-Pass-77' }))?.message).toBe(refused);
  });

  it('only the newest link works', async () => {
    const { email } = await signUp(shop);
    await shop.gql(REQUEST, { e: email });
    const first = (await latestLink(email)).token;
    shop.clock.advance(1000);
    await shop.gql(REQUEST, { e: email });
    const second = (await latestLink(email)).token;
    expect(second).not.toBe(first);
    expect(errorOf(await shop.gql(RESET, { e: email, t: first, p: 'Reset-Pass-77' }))?.message).toBe(
      "Cannot set the customer's password",
    );
    expect((await shop.gql(RESET, { e: email, t: second, p: 'Reset-Pass-77' })).data.resetPassword).toBe(true);
  });

  it('unlocks a locked account', async () => {
    const { email } = await signUp(shop);
    for (let i = 0; i < 10; i++) await shop.gql(SIGN_IN, { email, password: 'Wrong-Pass-1' });
    expect(errorOf(await shop.gql(SIGN_IN, { email, password: 'Reset-Pass-77' }))?.message).toMatch(
      /^The account sign-in was incorrect/,
    );
    expect(shop.sql.prepare('select lock_expires from customer where email = ?').get(email)).not.toEqual({
      lock_expires: null,
    });
    await shop.gql(REQUEST, { e: email });
    await shop.gql(RESET, { e: email, t: (await latestLink(email)).token, p: 'Reset-Pass-77' });
    expect((await shop.gql(SIGN_IN, { email, password: 'Reset-Pass-77' })).errors).toBeUndefined();
  });
});
