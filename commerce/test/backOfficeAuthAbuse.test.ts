// Issue 28, defects 1 and 2: what parallel requests can do to staff accounts. A failure is counted,
// and the lock decided, before the password or code is looked at, so that no burst of requests
// gets more checks than the lockout allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './cartHarness';
import { codeAt, createStaff, SIGN_IN, signedIn, STAFF_PASSWORD, staffBrowser, VERIFY } from './backOfficeHarness';

let shop: Shop;
let clock = new Date('2026-11-27T09:00:00Z');
const now = () => clock;

beforeAll(async () => {
  shop = await openShop({ now });
}, 60_000);
afterAll(async () => shop?.close());

function lockState(email: string) {
  const row = shop.sql.prepare('select failures_num, lock_expires from staff_user where email = ?').get(email) as {
    failures_num: number;
    lock_expires: string | null;
  };
  return { failures: Number(row.failures_num), locked: row.lock_expires !== null };
}

describe('staff lockout under parallel attempts', () => {
  // A burst of password hashes: seconds on an idle machine, more on a loaded CI runner (30 s timed out there).
  it(
    '50 parallel wrong passwords count ten failures and lock; the right password is then refused',
    { timeout: 120_000 },
    async () => {
      await createStaff(shop, 'burst@example.com', 'viewer');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          staffBrowser(shop).gql(SIGN_IN, { e: 'burst@example.com', p: `Wrong-password-${i}x` }),
        ),
      );
      for (const result of results) expect(result.errors?.[0]?.extensions?.category).toBe('graphql-authentication');
      expect(lockState('burst@example.com')).toEqual({ failures: 10, locked: true });
      const right = await staffBrowser(shop).gql(SIGN_IN, { e: 'burst@example.com', p: STAFF_PASSWORD });
      expect(right.errors?.[0]?.message).toMatch(/locked/);
      expect(right.data).toBeNull();
    },
  );

  it('30 parallel attempts with the right password last: no session is opened', async () => {
    await createStaff(shop, 'last@example.com', 'viewer');
    const browsers = Array.from({ length: 30 }, () => staffBrowser(shop));
    const results = await Promise.all(
      browsers.map((browser, i) =>
        browser.gql(SIGN_IN, { e: 'last@example.com', p: i === 29 ? STAFF_PASSWORD : `Wrong-password-${i}x` }),
      ),
    );
    expect(results.filter((result) => result.data?.signIn)).toHaveLength(0);
    expect(browsers.filter((browser) => browser.cookie !== null)).toHaveLength(0);
    expect(lockState('last@example.com')).toEqual({ failures: 10, locked: true });
  });

  it('a right password takes back only its own attempt; only a full sign-in clears the count', async () => {
    await createStaff(shop, 'counted@example.com', 'staff');
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    shop.sql.prepare('update staff_user set totp_secret = ? where email = ?').run(secret, 'counted@example.com');
    for (let i = 0; i < 3; i++)
      await staffBrowser(shop).gql(SIGN_IN, { e: 'counted@example.com', p: `Wrong-password-${i}x` });
    // The password alone is half-way: knowing it must not wipe the count the codes add to.
    const browser = staffBrowser(shop);
    expect((await browser.gql(SIGN_IN, { e: 'counted@example.com', p: STAFF_PASSWORD })).data.signIn.step).toBe(
      'SECOND_FACTOR',
    );
    expect(lockState('counted@example.com')).toEqual({ failures: 3, locked: false });
    expect((await browser.gql(VERIFY, { c: await codeAt(secret, clock) })).data.verifySecondFactor.step).toBe(
      'SIGNED_IN',
    );
    expect(lockState('counted@example.com')).toEqual({ failures: 0, locked: false });
  });

  it('40 parallel wrong codes after the password count ten failures and end the half-open session', async () => {
    await createStaff(shop, 'coder@example.com', 'staff');
    // An account with an authenticator, set directly: enrolment has tests of its own.
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    shop.sql.prepare('update staff_user set totp_secret = ? where email = ?').run(secret, 'coder@example.com');
    const browser = staffBrowser(shop);
    expect((await browser.gql(SIGN_IN, { e: 'coder@example.com', p: STAFF_PASSWORD })).data.signIn.step).toBe(
      'SECOND_FACTOR',
    );
    const right = await codeAt(secret, clock);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const results = await Promise.all(Array.from({ length: 40 }, () => browser.gql(VERIFY, { c: wrong })));
    expect(results.filter((result) => result.data?.verifySecondFactor)).toHaveLength(0);
    expect(lockState('coder@example.com')).toEqual({ failures: 10, locked: true });
    // The right code now opens nothing: the lock ended the half-open session.
    expect((await browser.gql(VERIFY, { c: right })).errors).toBeDefined();
    expect((await browser.gql('{ me { email } }')).data.me).toBeNull();
  });
});

describe('a second-factor code under parallel use', () => {
  it('one code opens one session, however many half-open sessions send it at once', async () => {
    await createStaff(shop, 'replayed@example.com', 'staff');
    const secret = 'ONSWG4TFOQYTEMZUONSWG4TFOQYTEMZU';
    shop.sql.prepare('update staff_user set totp_secret = ? where email = ?').run(secret, 'replayed@example.com');
    clock = new Date(clock.getTime() + 31_000);
    const browsers = Array.from({ length: 5 }, () => staffBrowser(shop));
    for (const browser of browsers)
      expect((await browser.gql(SIGN_IN, { e: 'replayed@example.com', p: STAFF_PASSWORD })).data.signIn.step).toBe(
        'SECOND_FACTOR',
      );
    const code = await codeAt(secret, clock);
    const results = await Promise.all(browsers.map((browser) => browser.gql(VERIFY, { c: code })));
    expect(results.filter((result) => result.data?.verifySecondFactor?.step === 'SIGNED_IN')).toHaveLength(1);
  });
});

describe('removing an authenticator under parallel attempts', () => {
  const REMOVE = 'mutation($p: String!) { removeAuthenticator(password: $p) { email secondFactorEnabled } }';

  it('40 parallel wrong passwords from one session count ten failures, lock, and keep the authenticator', async () => {
    await createStaff(shop, 'keeper@example.com', 'staff');
    const secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    shop.sql.prepare('update staff_user set totp_secret = ? where email = ?').run(secret, 'keeper@example.com');
    clock = new Date(clock.getTime() + 31_000);
    const { browser } = await signedIn(shop, 'keeper@example.com', now, secret);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => browser.gql(REMOVE, { p: `Wrong-password-${i}x` })),
    );
    expect(results.filter((result) => result.data?.removeAuthenticator)).toHaveLength(0);
    expect(lockState('keeper@example.com')).toEqual({ failures: 10, locked: true });
    const right = await browser.gql(REMOVE, { p: STAFF_PASSWORD });
    expect(right.errors?.[0]?.message).toMatch(/locked/);
    const row = shop.sql.prepare('select totp_secret from staff_user where email = ?').get('keeper@example.com') as {
      totp_secret: string | null;
    };
    expect(row.totp_secret).toBe(secret);
  });
});

describe('per-client limits on staff sign-in', () => {
  const TOO_MANY = 'Too many sign-in attempts. Please wait and try again later.';

  it('one client gets 4 wrong passwords per account in 10 minutes, and so cannot lock it', async () => {
    await createStaff(shop, 'boss@example.com', 'viewer');
    const messages: string[] = [];
    for (let i = 0; i < 10; i++) {
      const result = await staffBrowser(shop, '198.51.100.7').gql(SIGN_IN, {
        e: 'boss@example.com',
        p: `Wrong-password-${i}x`,
      });
      messages.push(result.errors?.[0]?.message ?? 'signed in');
    }
    expect(messages.slice(0, 4).every((message) => /incorrect/.test(message))).toBe(true);
    expect(messages.slice(4)).toEqual(Array<string>(6).fill(TOO_MANY));
    expect(lockState('boss@example.com')).toEqual({ failures: 4, locked: false });
    // The account's owner, elsewhere, is not locked out.
    const owner = await staffBrowser(shop, '192.0.2.50').gql(SIGN_IN, { e: 'boss@example.com', p: STAFF_PASSWORD });
    expect(owner.data.signIn.step).toBe('SIGNED_IN');
  });

  it('one client gets 30 attempts in 10 minutes over all accounts', async () => {
    const results = [];
    for (let i = 0; i < 31; i++)
      results.push(
        await staffBrowser(shop, '198.51.100.8').gql(SIGN_IN, { e: `nobody${i}@example.com`, p: 'Wrong-password-1x' }),
      );
    expect(results.slice(0, 30).every((result) => /incorrect/.test(result.errors?.[0]?.message ?? ''))).toBe(true);
    expect(results[30]!.errors?.[0]?.message).toBe(TOO_MANY);
  });

  it('right passwords use up nothing: staff sign in as often as they need', async () => {
    await createStaff(shop, 'busy@example.com', 'staff');
    for (let i = 0; i < 6; i++) {
      const result = await staffBrowser(shop, '198.51.100.9').gql(SIGN_IN, {
        e: 'busy@example.com',
        p: STAFF_PASSWORD,
      });
      expect(result.data?.signIn?.step).toBe('SIGNED_IN');
    }
  });
});

describe('the audit log records the failures, with the client address', () => {
  interface Entry {
    staff_id: number | null;
    staff_email: string;
    entity_id: string;
    after: string | null;
    client_address: string | null;
  }
  function entries(action: string, entityId: string): Entry[] {
    return shop.sql
      .prepare(
        'select staff_id, staff_email, entity_id, after, client_address from audit_log where action = ? and entity_id = ? order by id',
      )
      .all(action, entityId) as Entry[];
  }
  const idOf = (email: string) =>
    String((shop.sql.prepare('select id from staff_user where email = ?').get(email) as { id: number }).id);

  it('failed sign-ins (a wrong password, an unknown address) and the lockout they lead to', async () => {
    await createStaff(shop, 'audited@example.com', 'viewer');
    const id = idOf('audited@example.com');
    for (let i = 0; i < 10; i++)
      await staffBrowser(shop, `192.0.2.${100 + i}`).gql(SIGN_IN, {
        e: 'audited@example.com',
        p: `Wrong-password-${i}x`,
      });
    const failed = entries('staff.sign_in_failed', id);
    expect(failed).toHaveLength(10);
    expect(failed[0]).toMatchObject({
      staff_id: Number(id),
      staff_email: 'audited@example.com',
      client_address: '192.0.2.100',
    });
    expect(entries('staff.lock', id)).toEqual([
      expect.objectContaining({ staff_email: 'audited@example.com', client_address: '192.0.2.109' }),
    ]);
    // Refused while locked: recorded too, as such.
    await staffBrowser(shop, '192.0.2.120').gql(SIGN_IN, { e: 'audited@example.com', p: STAFF_PASSWORD });
    expect(JSON.parse(entries('staff.sign_in_failed', id).at(-1)!.after!)).toEqual({ reason: 'locked' });

    await staffBrowser(shop, '192.0.2.121').gql(SIGN_IN, { e: 'Nobody-Here@example.com', p: 'Wrong-password-1x' });
    expect(entries('staff.sign_in_failed', 'nobody-here@example.com')).toEqual([
      expect.objectContaining({ staff_id: null, client_address: '192.0.2.121' }),
    ]);
  });

  it('wrong second-factor codes', async () => {
    await createStaff(shop, 'codes@example.com', 'staff');
    const secret = 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK';
    shop.sql.prepare('update staff_user set totp_secret = ? where email = ?').run(secret, 'codes@example.com');
    const browser = staffBrowser(shop, '192.0.2.130');
    await browser.gql(SIGN_IN, { e: 'codes@example.com', p: STAFF_PASSWORD });
    const right = await codeAt(secret, clock);
    await browser.gql(VERIFY, { c: String((Number(right) + 7) % 1_000_000).padStart(6, '0') });
    expect(entries('staff.second_factor_failed', idOf('codes@example.com'))).toEqual([
      expect.objectContaining({ staff_email: 'codes@example.com', client_address: '192.0.2.130' }),
    ]);
  });

  it('refused roles and CSRF failures; a successful sign-in carries the address as well', async () => {
    await createStaff(shop, 'looker@example.com', 'viewer');
    const browser = staffBrowser(shop, '192.0.2.140');
    expect((await browser.gql(SIGN_IN, { e: 'looker@example.com', p: STAFF_PASSWORD })).data.signIn.step).toBe(
      'SIGNED_IN',
    );
    const id = idOf('looker@example.com');
    expect(entries('staff.sign_in', id)).toEqual([expect.objectContaining({ client_address: '192.0.2.140' })]);

    const refused = await browser.gql('mutation { invoiceOrder(number: "000000001") { number } }');
    expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    const denied = entries('staff.access_denied', id);
    expect(denied).toHaveLength(1);
    expect(denied[0]!.client_address).toBe('192.0.2.140');
    expect(JSON.parse(denied[0]!.after!)).toEqual({ operation: 'Mutation.invoiceOrder', role: 'viewer' });

    const forged = await browser.gql('mutation { signOut }', {}, { 'x-csrf-token': 'guess' });
    expect(forged.errors?.[0]?.message).toMatch(/CSRF/);
    expect(entries('staff.csrf_failed', id)).toEqual([
      expect.objectContaining({ staff_email: 'looker@example.com', client_address: '192.0.2.140' }),
    ]);
  });

  it('the back office shows the client address of each entry', async () => {
    await createStaff(shop, 'reader@example.com', 'owner');
    const { browser } = await signedIn(shop, 'reader@example.com', now);
    const log = await browser.gql('{ auditLog(pageSize: 20) { items { action entityId clientAddress } } }');
    expect(log.errors).toBeUndefined();
    expect(log.data.auditLog.items).toContainEqual({
      action: 'staff.csrf_failed',
      entityId: idOf('looker@example.com'),
      clientAddress: '192.0.2.140',
    });
  });
});
