// Issue 28, defect 9: staff passwords. Common and breached-list passwords are refused, the length
// is capped by one rule where a password is set and where it is checked, and signed-in staff can
// change their own password with the current one.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { createStaff, SIGN_IN, signedIn, STAFF_PASSWORD, staffBrowser } from './backOfficeHarness';

let shop: Shop;
const clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;

beforeAll(async () => {
  shop = await openShop({ now });
}, 60_000);
afterAll(async () => shop?.close());

const CHANGE = `mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { email } }`;

function hashOf(email: string): string {
  const row = shop.sql.prepare('select password_hash from staff_user where email = ?').get(email) as {
    password_hash: string;
  };
  return row.password_hash;
}

function audits(action: string): number {
  const row = shop.sql.prepare('select count(*) as n from audit_log where action = ?').get(action) as { n: number };
  return Number(row.n);
}

/** A strong password of exactly `length` UTF-16 code units. */
function strongPassword(length: number): string {
  return `Aa1-${randomBytes(length).toString('base64url')}`.slice(0, length);
}

describe('setting a staff password', () => {
  it.each(['123456789012', 'password1234', 'qwertyuiop12', 'aaaaaaaaaaaaaaaa', 'iloveyou1234'])(
    'refuses the common or easily guessed %s, and creates no account',
    async (password) => {
      const email = `weak-${password.slice(0, 6)}@example.com`;
      await expect(createStaff(shop, email, 'staff', password)).rejects.toThrow(/too easy to guess/);
      expect(shop.sql.prepare('select id from staff_user where email = ?').get(email)).toBeUndefined();
    },
  );

  it('refuses a password built from the account name or e-mail address', async () => {
    await expect(createStaff(shop, 'margaretthatcher@example.com', 'staff', 'margaretthatcher1')).rejects.toThrow(
      /too easy to guess/,
    );
  });

  it('caps the length where it is set as where it is checked: 1,024 signs in, 1,025 is refused', async () => {
    const longest = strongPassword(1024);
    await createStaff(shop, 'longest@example.com', 'staff', longest);
    const signIn = await staffBrowser(shop).gql(SIGN_IN, { e: 'longest@example.com', p: longest });
    expect(signIn.data.signIn.step).toBe('SIGNED_IN');

    await expect(createStaff(shop, 'toolong@example.com', 'staff', strongPassword(1025))).rejects.toThrow(
      /at most 1024 characters/,
    );
    // Characters outside the basic plane count as the sign-in check counts them.
    await expect(createStaff(shop, 'emoji@example.com', 'staff', `${'🔑'.repeat(510)}Ab1-xyz`)).rejects.toThrow(
      /at most 1024 characters/,
    );
  });
});

describe('changing my password', () => {
  it('needs the current password, refuses a weak or unchanged new one, and changes nothing when refused', async () => {
    await createStaff(shop, 'changer@example.com', 'staff');
    const { browser } = await signedIn(shop, 'changer@example.com', now);
    const before = hashOf('changer@example.com');

    const wrong = await browser.gql(CHANGE, { c: 'Not-the-password-1', n: 'Fresh-new-password-42' });
    expect(wrong.errors?.[0]?.message).toMatch(/current password is not right/);
    const weak = await browser.gql(CHANGE, { c: STAFF_PASSWORD, n: '123456789012' });
    expect(weak.errors?.[0]?.message).toMatch(/too easy to guess/);
    const same = await browser.gql(CHANGE, { c: STAFF_PASSWORD, n: STAFF_PASSWORD });
    expect(same.errors?.[0]?.message).toMatch(/differ/);
    const tooLong = await browser.gql(CHANGE, { c: STAFF_PASSWORD, n: strongPassword(1025) });
    expect(tooLong.errors?.[0]?.message).toMatch(/at most 1024 characters/);
    expect(hashOf('changer@example.com')).toBe(before);
    expect(audits('staff.change_password')).toBe(0);
  });

  it('with the current password: the new one signs in, the old one not, and other sessions end', async () => {
    await createStaff(shop, 'mover@example.com', 'viewer');
    const { browser } = await signedIn(shop, 'mover@example.com', now);
    const { browser: elsewhere } = await signedIn(shop, 'mover@example.com', now);

    const changed = await browser.gql(CHANGE, { c: STAFF_PASSWORD, n: 'Fresh-new-password-42' });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.changePassword.email).toBe('mover@example.com');
    expect(audits('staff.change_password')).toBe(1);

    // This session goes on; the other one (a forgotten browser, a thief) is signed out.
    expect((await browser.gql('{ me { email } }')).data.me.email).toBe('mover@example.com');
    expect((await elsewhere.gql('{ me { email } }')).data.me).toBeNull();

    const old = await staffBrowser(shop).gql(SIGN_IN, { e: 'mover@example.com', p: STAFF_PASSWORD });
    expect(old.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
    const fresh = await staffBrowser(shop).gql(SIGN_IN, { e: 'mover@example.com', p: 'Fresh-new-password-42' });
    expect(fresh.data.signIn.step).toBe('SIGNED_IN');
  });

  it('wrong current passwords count towards the lockout, in parallel too', async () => {
    await createStaff(shop, 'guessed@example.com', 'staff');
    const { browser } = await signedIn(shop, 'guessed@example.com', now);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browser.gql(CHANGE, { c: `Wrong-password-${i}x`, n: 'Fresh-new-password-42' }),
      ),
    );
    const row = shop.sql
      .prepare('select failures_num, lock_expires from staff_user where email = ?')
      .get('guessed@example.com') as { failures_num: number; lock_expires: string | null };
    expect(Number(row.failures_num)).toBe(10);
    expect(row.lock_expires).not.toBeNull();
    const right = await browser.gql(CHANGE, { c: STAFF_PASSWORD, n: 'Fresh-new-password-42' });
    expect(right.errors?.[0]?.message).toMatch(/locked/);
  });

  it('needs a full session', async () => {
    const result = await staffBrowser(shop).gql(CHANGE, { c: STAFF_PASSWORD, n: 'Fresh-new-password-42' });
    expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
  });
});
