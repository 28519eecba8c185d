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
let ownerSecret = '';
const ownerSecretForManagement = () => ownerSecret;

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

describe('owners manage staff accounts', () => {
  const CREATE = `mutation($i: StaffMemberInput!) { createStaffMember(input: $i) { id email name role active secondFactorEnabled } }`;
  const ACTIVE = `mutation($id: ID!, $a: Boolean!) { setStaffMemberActive(id: $id, active: $a) { email active } }`;

  it('creates an account that can sign in, refusing bad input and duplicates', async () => {
    later(31_000);
    const { browser: owner } = await signedIn(shop, 'owner@example.com', clock, ownerSecretForManagement());
    const made = await owner.gql(CREATE, {
      i: { email: 'New.Hire@Example.com', name: 'New Hire', role: 'VIEWER', password: 'Another-long-password' },
    });
    expect(made.errors).toBeUndefined();
    expect(made.data.createStaffMember).toMatchObject({
      email: 'new.hire@example.com',
      role: 'VIEWER',
      active: true,
      secondFactorEnabled: false,
    });
    const again = await owner.gql(CREATE, {
      i: { email: 'new.hire@example.com', name: 'Twin', role: 'STAFF', password: 'Another-long-password' },
    });
    expect(again.errors?.[0]?.extensions?.category).toBe('graphql-already-exists');
    const short = await owner.gql(CREATE, {
      i: { email: 'b@example.com', name: 'B', role: 'STAFF', password: 'short' },
    });
    expect(short.errors?.[0]?.message).toMatch(/at least 12 characters/);
    const hire = staffBrowser(shop);
    expect((await hire.gql(SIGN_IN, { e: 'new.hire@example.com', p: 'Another-long-password' })).data.signIn.step).toBe(
      'SIGNED_IN',
    );

    // Switched off: the open session ends at once and the password no longer works.
    const id = made.data.createStaffMember.id as string;
    expect((await owner.gql(ACTIVE, { id, a: false })).data.setStaffMemberActive).toEqual({
      email: 'new.hire@example.com',
      active: false,
    });
    expect((await hire.gql(ME)).data.me).toBeNull();
    expect(
      (await staffBrowser(shop).gql(SIGN_IN, { e: 'new.hire@example.com', p: 'Another-long-password' })).errors,
    ).toBeDefined();
    expect((await owner.gql(ACTIVE, { id, a: true })).data.setStaffMemberActive.active).toBe(true);

    // The owner is account 1, the first created.
    const selfOff = await owner.gql(`mutation { setStaffMemberActive(id: "1", active: false) { active } }`);
    expect(selfOff.errors?.[0]?.message).toMatch(/your own account/);
    const actions = shop.sql
      .prepare(`select action from audit_log where entity_type = 'staff' and action like 'staff.%activate' order by id`)
      .all() as Array<{ action: string }>;
    expect(actions.map((a) => a.action)).toEqual(['staff.deactivate', 'staff.activate']);
  });
});
