import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import {
  codeAt,
  createStaff,
  ENROL,
  SIGN_IN,
  signedIn,
  STAFF_PASSWORD,
  staffBrowser,
  VERIFY,
} from './backOfficeHarness';

let shop: Shop;
let now = new Date('2026-11-26T09:00:00Z');
const clock = () => now;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  shop = await openShop({ now: clock });
  await createStaff(shop, 'owner@example.com', 'owner');
  await createStaff(shop, 'clerk@example.com', 'staff');
}, 60_000);
afterAll(async () => shop?.close());

const ME = '{ me { email role } }';

describe('signing in to the back office', () => {
  it('an owner must enrol an authenticator: the password alone opens nothing', async () => {
    const browser = staffBrowser(shop);
    const first = await browser.gql(SIGN_IN, { e: 'Owner@Example.com ', p: STAFF_PASSWORD });
    expect(first.errors).toBeUndefined();
    const state = first.data.signIn;
    expect(state.step).toBe('ENROL_SECOND_FACTOR');
    expect(state.me).toBeNull();
    expect(state.enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(state.enrolment.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(state.enrolment.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const setCookie = browser.lastResponse!.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^vela_staff=[\w-]{43};/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/admin'])
      expect(setCookie).toContain(attribute);

    // Half-way, the session cannot read orders.
    const orders = await browser.gql('{ orders { totalCount } }');
    expect(orders.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
    expect((await browser.gql(ME)).data.me).toBeNull();

    const wrong = await browser.gql(ENROL, { c: '000000' });
    expect(wrong.errors?.[0]?.message).toMatch(/code is not right/);
    const enrolled = await browser.gql(ENROL, { c: await codeAt(state.enrolment.secret, now) });
    expect(enrolled.errors).toBeUndefined();
    expect(enrolled.data.confirmSecondFactorEnrolment.step).toBe('SIGNED_IN');
    expect((await browser.gql(ME)).data.me).toEqual({ email: 'owner@example.com', role: 'OWNER' });
    ownerSecret = state.enrolment.secret;
  });

  let ownerSecret = '';

  it('after enrolment the code is asked every time, and a code works once', async () => {
    later(60_000);
    const browser = staffBrowser(shop);
    const first = await browser.gql(SIGN_IN, { e: 'owner@example.com', p: STAFF_PASSWORD });
    expect(first.data.signIn.step).toBe('SECOND_FACTOR');
    expect(first.data.signIn.enrolment).toBeNull();
    const code = await codeAt(ownerSecret, now);
    expect((await browser.gql(VERIFY, { c: code })).data.verifySecondFactor.step).toBe('SIGNED_IN');

    // The same code, replayed by someone who saw it, opens no second session.
    const thief = staffBrowser(shop);
    await thief.gql(SIGN_IN, { e: 'owner@example.com', p: STAFF_PASSWORD });
    const replay = await thief.gql(VERIFY, { c: code });
    expect(replay.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
  });

  it('staff without an authenticator sign in with the password', async () => {
    const { browser } = await signedIn(shop, 'clerk@example.com', clock);
    expect((await browser.gql(ME)).data.me).toEqual({ email: 'clerk@example.com', role: 'STAFF' });
  });

  it('a wrong password and an unknown address get the same answer', async () => {
    const wrong = await staffBrowser(shop).gql(SIGN_IN, { e: 'clerk@example.com', p: 'Not-the-password-1' });
    const unknown = await staffBrowser(shop).gql(SIGN_IN, { e: 'nobody@example.com', p: 'Not-the-password-1' });
    expect(wrong.errors?.[0]?.message).toBe(unknown.errors?.[0]?.message);
    expect(wrong.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
  });

  it('locks the account after 10 failures, even for the right password, until the lock expires', async () => {
    await createStaff(shop, 'target@example.com', 'viewer');
    for (let i = 0; i < 10; i++) {
      const result = await staffBrowser(shop).gql(SIGN_IN, { e: 'target@example.com', p: `Wrong-password-${i}x` });
      expect(result.errors).toBeDefined();
    }
    const locked = await staffBrowser(shop).gql(SIGN_IN, { e: 'target@example.com', p: STAFF_PASSWORD });
    expect(locked.errors?.[0]?.message).toMatch(/locked/);
    later(11 * 60_000);
    const open = await staffBrowser(shop).gql(SIGN_IN, { e: 'target@example.com', p: STAFF_PASSWORD });
    expect(open.data.signIn.step).toBe('SIGNED_IN');
  });

  it('one sign-in per request: aliases cannot try many passwords at once', async () => {
    const result = await staffBrowser(shop).gql(
      `mutation { a: signIn(email: "clerk@example.com", password: "x1") { step } b: signIn(email: "clerk@example.com", password: "x2") { step } }`,
    );
    expect(result.errors?.[0]?.message).toMatch(/signIn/);
    expect(result.data).toBeUndefined();
  });

  it('a session ends after 30 idle minutes, and stays alive while used', async () => {
    const { browser } = await signedIn(shop, 'clerk@example.com', clock);
    later(20 * 60_000);
    expect((await browser.gql(ME)).data.me).not.toBeNull();
    later(20 * 60_000);
    expect((await browser.gql(ME)).data.me).not.toBeNull();
    later(31 * 60_000);
    expect((await browser.gql(ME)).data.me).toBeNull();
    const orders = await browser.gql('{ orders { totalCount } }');
    expect(orders.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
  });

  it('sign-out ends the session on the server, not only in the browser', async () => {
    const { browser } = await signedIn(shop, 'clerk@example.com', clock);
    const stolenCookie = browser.cookie;
    const out = await browser.gql('mutation { signOut }');
    expect(out.data.signOut).toBe(true);
    expect(browser.lastResponse!.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    browser.cookie = stolenCookie;
    expect((await browser.gql(ME)).data.me).toBeNull();
  });
});

describe('CSRF defence', () => {
  it('a write without the session token is refused with 403 and changes nothing', async () => {
    const { browser } = await signedIn(shop, 'clerk@example.com', clock);
    const forged = await browser.gql('mutation { signOut }', {}, { 'x-csrf-token': 'guess' });
    expect(browser.lastResponse!.status).toBe(403);
    expect(forged.errors?.[0]?.message).toMatch(/CSRF/);
    const missing = await browser.gql('mutation { signOut }', {}, { 'x-csrf-token': '' });
    expect(missing.errors?.[0]?.message).toMatch(/CSRF/);
    expect((await browser.gql(ME)).data.me).not.toBeNull();
  });

  it('answers POST only: a link or a GET form cannot reach it', async () => {
    const response = await shop.commerce.backOffice.fetch(
      new Request('http://localhost/admin/graphql?query=%7Bme%7Bemail%7D%7D'),
    );
    expect(response.status).toBe(405);
  });

  it('the storefront API knows nothing of the back office', async () => {
    const result = await shop.gql('{ orders { totalCount } }');
    expect(result.errors?.[0]?.message).toMatch(/Cannot query field "orders"/);
  });
});
