import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { SIGN_IN, STAFF_PASSWORD, createStaff, signedIn, staffBrowser, type StaffBrowser } from './backOfficeHarness';

// An owner manages the staff (issue 36, point 11): a member's role changes and their next request
// obeys it; a password reset ends the member's sessions, voids the old password and hands a
// one-time link; the audit log filters by person, action and day. Runs on SQLite and PostgreSQL.

let shop: Shop;
let clock = new Date('2026-11-20T15:00:00Z');
const now = () => clock;
let owner: StaffBrowser;
let second: StaffBrowser;
const ids = new Map<string, string>();

const MEMBERS = '{ staffMembers { id email role } }';
const ROLE = 'mutation($id: ID!, $r: StaffRole!) { setStaffMemberRole(id: $id, role: $r) { email role } }';
const RESET = 'mutation($id: ID!) { resetStaffMemberPassword(id: $id) { path expiresAt } }';
const COMPLETE = 'mutation($t: String!, $p: String!) { completeStaffPasswordReset(token: $t, password: $p) }';
const AUDIT = `query($f: AuditLogFilter, $s: Int) { auditLog(filter: $f, pageSize: $s) { totalCount items { actor action entityId before after createdAt } } }`;
const UPDATE_PRODUCT = 'mutation { updateProduct(sku: "NO-SUCH-SKU", input: { name: "X" }) { sku } }';

function ok<T = any>(result: GraphQLResult<T>, what: string): T {
  if (result.errors) throw new Error(`${what}: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.data as T;
}

const tick = () => {
  // A TOTP code works once: the next sign-in waits for the next one.
  clock = new Date(clock.getTime() + 31_000);
};

beforeAll(async () => {
  shop = await openShop({ now });
  for (const [email, role] of [
    ['boss@example.com', 'owner'],
    ['partner@example.com', 'owner'],
    ['clerk@example.com', 'staff'],
    ['reader@example.com', 'viewer'],
  ] as const)
    await createStaff(shop, email, role);
  owner = (await signedIn(shop, 'boss@example.com', now)).browser;
  tick();
  second = (await signedIn(shop, 'partner@example.com', now)).browser;
  for (const m of ok(await owner.gql(MEMBERS), 'members').staffMembers) ids.set(m.email, m.id);
}, 60_000);
afterAll(async () => shop?.close());

describe('roles', () => {
  it("a member's next request obeys the new role, and the change is audited", async () => {
    const clerk = (await signedIn(shop, 'clerk@example.com', now)).browser;
    // As staff the write is let through (and fails only for its made-up sku).
    expect((await clerk.gql(UPDATE_PRODUCT)).errors?.[0]?.message).not.toMatch(/role/i);
    const changed = ok(await owner.gql(ROLE, { id: ids.get('clerk@example.com'), r: 'VIEWER' }), 'role');
    expect(changed.setStaffMemberRole).toEqual({ email: 'clerk@example.com', role: 'VIEWER' });
    expect((await clerk.gql(UPDATE_PRODUCT)).errors?.[0]?.message).toMatch(/role/i);
    const audit = ok(await owner.gql(AUDIT, { f: { action: 'staff.role' } }), 'audit').auditLog.items[0];
    expect(audit).toMatchObject({
      actor: 'boss@example.com',
      entityId: ids.get('clerk@example.com'),
      before: '{"role":"staff"}',
      after: '{"role":"viewer"}',
    });
    ok(await owner.gql(ROLE, { id: ids.get('clerk@example.com'), r: 'STAFF' }), 'back');
  });

  it('an owner cannot change their own role; staff cannot change any', async () => {
    const own = await owner.gql(ROLE, { id: ids.get('boss@example.com'), r: 'VIEWER' });
    expect(own.errors?.[0]?.message).toMatch(/your own role/);
    const clerk = (await signedIn(shop, 'clerk@example.com', now)).browser;
    const refused = await clerk.gql(ROLE, { id: ids.get('reader@example.com'), r: 'OWNER' });
    expect(refused.errors?.[0]?.message).toBeTruthy();
    const roles = ok(await owner.gql(MEMBERS), 'members').staffMembers.map((m: { role: string }) => m.role);
    expect(roles).toEqual(['OWNER', 'OWNER', 'STAFF', 'VIEWER']);
  });

  it('two owners demoting each other at once leave the shop with an owner', async () => {
    const results = await Promise.all([
      owner.gql(ROLE, { id: ids.get('partner@example.com'), r: 'STAFF' }),
      second.gql(ROLE, { id: ids.get('boss@example.com'), r: 'STAFF' }),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    const members = (
      shop.sql.prepare("select email from staff_user where role = 'owner'").all() as Array<{ email: string }>
    ).map((m) => m.email);
    expect(members).toHaveLength(1);
    // Back to two owners for what follows.
    const remaining = members[0] === 'boss@example.com' ? owner : second;
    const other = members[0] === 'boss@example.com' ? 'partner@example.com' : 'boss@example.com';
    ok(await remaining.gql(ROLE, { id: ids.get(other), r: 'OWNER' }), 'restore');
  });
});

describe('password reset', () => {
  it('ends the sessions, voids the old password, and gives a one-time link', async () => {
    tick();
    const reader = (await signedIn(shop, 'reader@example.com', now)).browser;
    ok(await reader.gql('{ orders { totalCount } }'), 'reads');
    const link = ok(await owner.gql(RESET, { id: ids.get('reader@example.com') }), 'reset').resetStaffMemberPassword;
    expect(link.path).toMatch(/^\/admin\/reset-password#[\w-]{40,}$/);
    expect(Date.parse(link.expiresAt) - clock.getTime()).toBe(3_600_000);
    expect((await reader.gql('{ orders { totalCount } }')).errors?.[0]?.message).toMatch(/Sign in/);
    const old = await staffBrowser(shop).gql(SIGN_IN, { e: 'reader@example.com', p: STAFF_PASSWORD });
    expect(old.errors?.[0]?.message).toBeTruthy();
    const token = link.path.split('#')[1] as string;
    const anonymous = staffBrowser(shop);
    // A weak password is refused and the link stays usable.
    expect((await anonymous.gql(COMPLETE, { t: token, p: 'short' })).errors?.[0]?.message).toMatch(/12/);
    expect(ok(await anonymous.gql(COMPLETE, { t: token, p: 'A-brand-new-password-7' }), 'complete')).toEqual({
      completeStaffPasswordReset: true,
    });
    expect((await anonymous.gql(COMPLETE, { t: token, p: 'Another-new-password-8' })).errors?.[0]?.message).toMatch(
      /not valid any more/,
    );
    const signIn = await staffBrowser(shop).gql(SIGN_IN, { e: 'reader@example.com', p: 'A-brand-new-password-7' });
    expect(ok(signIn, 'sign in').signIn.step).toBe('SIGNED_IN');
    const audit = ok(await owner.gql(AUDIT, { f: { action: 'staff' }, s: 100 }), 'audit').auditLog.items.map(
      (i: { actor: string; action: string }) => `${i.actor} ${i.action}`,
    );
    expect(audit).toContain('boss@example.com staff.password_reset');
    expect(audit).toContain('reader@example.com staff.password_reset_used');
    // The link's token is in no audit entry.
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('an expired link is refused', async () => {
    const link = ok(await owner.gql(RESET, { id: ids.get('clerk@example.com') }), 'reset').resetStaffMemberPassword;
    const before = clock;
    clock = new Date(clock.getTime() + 3_600_001);
    const result = await staffBrowser(shop).gql(COMPLETE, {
      t: link.path.split('#')[1],
      p: 'A-brand-new-password-7',
    });
    clock = before;
    expect(result.errors?.[0]?.message).toMatch(/not valid any more/);
  });

  it('an owner resets no password of their own here', async () => {
    const result = await owner.gql(RESET, { id: ids.get('boss@example.com') });
    expect(result.errors?.[0]?.message).toMatch(/account page/);
  });
});

describe('the audit log filtered', () => {
  it('by person, by action or its family, and by day in the shop time zone', async () => {
    const all = ok(await owner.gql(AUDIT, { s: 100 }), 'all').auditLog;
    const byBoss = ok(await owner.gql(AUDIT, { f: { actor: 'BOSS@example.com' }, s: 100 }), 'boss').auditLog;
    expect(byBoss.totalCount).toBeGreaterThan(0);
    expect(byBoss.totalCount).toBeLessThan(all.totalCount);
    expect(byBoss.items.every((i: { actor: string }) => i.actor === 'boss@example.com')).toBe(true);
    const cli = ok(await owner.gql(AUDIT, { f: { actor: 'cli', action: 'staff.create' }, s: 100 }), 'cli').auditLog;
    expect(cli.totalCount).toBe(4);
    // "staff" takes staff.role and staff.create but not a made-up "staffing.x"; "staff.rol" takes nothing.
    expect(ok(await owner.gql(AUDIT, { f: { action: 'staff.rol' } }), 'part').auditLog.totalCount).toBe(0);
    // Everything so far happened on 2026-11-20 in New York (from 10:00 local time).
    const that = ok(await owner.gql(AUDIT, { f: { from: '2026-11-20', to: '2026-11-20' }, s: 100 }), 'day').auditLog;
    const day = shop.sql
      .prepare(
        "select count(*) as n from audit_log where created_at >= '2026-11-20 05:00:00' and created_at < '2026-11-21 05:00:00'",
      )
      .get() as { n: number };
    expect(that.totalCount).toBe(Number(day.n));
    expect(ok(await owner.gql(AUDIT, { f: { from: '2026-11-21' } }), 'later').auditLog.totalCount).toBe(
      all.totalCount - Number(day.n),
    );
    const bad = await owner.gql(AUDIT, { f: { from: '2026-11-22', to: '2026-11-21' } });
    expect(bad.errors?.[0]?.message).toMatch(/on or before/);
  });
});
