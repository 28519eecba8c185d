// Staff and viewers add an authenticator to their own account (optional for them; owners must
// have one), and may remove it again with their password. From then on their sign-in asks for a
// code. Every refusal (wrong code, wrong password, an owner, a second one) changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import {
  codeAt,
  createStaff,
  SIGN_IN,
  signedIn,
  STAFF_PASSWORD,
  staffBrowser,
  VERIFY,
  type StaffBrowser,
} from './backOfficeHarness';

let shop: Shop;
let clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
/** Each code is accepted once: the next one comes from the next 30-second step. */
const later = () => (clock = new Date(clock.getTime() + 31_000));

const START = 'mutation { startAuthenticatorSetup { secret uri qrCodeSvg } }';
const CONFIRM = 'mutation($c: String!) { confirmAuthenticatorSetup(code: $c) { email secondFactorEnabled } }';
const REMOVE = 'mutation($p: String!) { removeAuthenticator(password: $p) { email secondFactorEnabled } }';

function account(email: string) {
  return shop.sql.prepare('select totp_secret, failures_num from staff_user where email = ?').get(email) as {
    totp_secret: string | null;
    failures_num: number;
  };
}

function audits(action: string): number {
  return (shop.sql.prepare('select count(*) as n from audit_log where action = ?').get(action) as { n: number }).n;
}

beforeAll(async () => {
  shop = await openShop({ now });
  await createStaff(shop, 'clerk@example.com', 'staff');
  await createStaff(shop, 'owner@example.com', 'owner');
}, 60_000);
afterAll(async () => shop?.close());

describe('an authenticator of their own', () => {
  let clerk: StaffBrowser;
  let secret: string;

  it('a staff member adds one: a wrong first code changes nothing, the right one turns it on', async () => {
    clerk = (await signedIn(shop, 'clerk@example.com', now)).browser;
    const started = await clerk.gql(START);
    expect(started.errors).toBeUndefined();
    secret = started.data.startAuthenticatorSetup.secret;
    expect(started.data.startAuthenticatorSetup.uri).toContain('otpauth://totp/');
    expect(started.data.startAuthenticatorSetup.qrCodeSvg).toContain('<svg');

    const wrong = await clerk.gql(CONFIRM, { c: '000000' });
    expect(wrong.errors?.[0]?.message).toContain('The code is not right');
    expect(account('clerk@example.com').totp_secret).toBeNull();

    const twice = await clerk.gql(
      `mutation($c: String!) { a: confirmAuthenticatorSetup(code: $c) { email } b: confirmAuthenticatorSetup(code: $c) { email } }`,
      { c: '123456' },
    );
    expect(twice.errors?.[0]?.message).toMatch(/only once|at most once|one per request/i);

    const confirmed = await clerk.gql(CONFIRM, { c: await codeAt(secret, now()) });
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data.confirmAuthenticatorSetup).toEqual({ email: 'clerk@example.com', secondFactorEnabled: true });
    expect(account('clerk@example.com').totp_secret).toBe(secret);
    expect(audits('staff.enrol_second_factor')).toBe(1);

    const again = await clerk.gql(START);
    expect(again.errors?.[0]?.message).toContain('already has an authenticator');
  });

  it('signing in now asks for the code', async () => {
    later();
    const browser = staffBrowser(shop);
    const first = await browser.gql(SIGN_IN, { e: 'clerk@example.com', p: STAFF_PASSWORD });
    expect(first.data.signIn.step).toBe('SECOND_FACTOR');
    const me = await browser.gql('{ me { email } }');
    expect(me.data.me).toBeNull();
    const verified = await browser.gql(VERIFY, { c: await codeAt(secret, now()) });
    expect(verified.data.verifySecondFactor.step).toBe('SIGNED_IN');
  });

  it('removing it needs the password: a wrong one counts as a failed sign-in and changes nothing', async () => {
    const failures = account('clerk@example.com').failures_num;
    const wrong = await clerk.gql(REMOVE, { p: 'not-the-password' });
    expect(wrong.errors?.[0]?.message).toBe('The password is not right.');
    expect(account('clerk@example.com')).toEqual({ totp_secret: secret, failures_num: failures + 1 });

    const removed = await clerk.gql(REMOVE, { p: STAFF_PASSWORD });
    expect(removed.errors).toBeUndefined();
    expect(removed.data.removeAuthenticator.secondFactorEnabled).toBe(false);
    expect(account('clerk@example.com').totp_secret).toBeNull();
    expect(audits('staff.remove_second_factor')).toBe(1);

    const browser = staffBrowser(shop);
    const first = await browser.gql(SIGN_IN, { e: 'clerk@example.com', p: STAFF_PASSWORD });
    expect(first.data.signIn.step).toBe('SIGNED_IN');
  });

  it('owners keep theirs; without a full session nothing happens', async () => {
    const { browser: owner } = await signedIn(shop, 'owner@example.com', now);
    const ownerSecret = shop.sql.prepare("select totp_secret from staff_user where email = 'owner@example.com'").get();
    const refused = await owner.gql(REMOVE, { p: STAFF_PASSWORD });
    expect(refused.errors?.[0]?.message).toContain('Owners must keep an authenticator');
    expect(shop.sql.prepare("select totp_secret from staff_user where email = 'owner@example.com'").get()).toEqual(
      ownerSecret,
    );

    // Half-way through signing in (password given, code not yet) is not signed in.
    later();
    const half = staffBrowser(shop);
    await half.gql(SIGN_IN, { e: 'owner@example.com', p: STAFF_PASSWORD });
    const start = await half.gql(START);
    expect(start.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
    const remove = await half.gql(REMOVE, { p: STAFF_PASSWORD });
    expect(remove.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
  });
});
