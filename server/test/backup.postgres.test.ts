import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupScript, findsOrder, placeOrder } from './backupRestore';
import { createPostgresDatabase, type PostgresDatabase } from './postgresDatabase';
import { startServerProcess } from './serverProcess';

const databases: PostgresDatabase[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-pg-backup-'));
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup / restore on PostgreSQL', () => {
  it('dumps the running shop and restores it into an empty database that then serves the same orders', async () => {
    const live = await createPostgresDatabase();
    const empty = await createPostgresDatabase();
    databases.push(live, empty);
    const file = path.join(dir, 'shop.dump');

    const shop = await startServerProcess({ DATABASE_URL: live.url });
    let kept: string;
    let lost: string;
    try {
      kept = await placeOrder(shop.origin);
      const taken = backupScript('backup', file, { DATABASE_URL: live.url });
      expect(taken.status, taken.output).toBe(0);
      expect(taken.output).toMatch(/backed up PostgreSQL to .*shop\.dump/);
      // The password-free test URL aside, the script never prints the URL it was given.
      expect(taken.output).not.toContain(live.url);
      lost = await placeOrder(shop.origin);
    } finally {
      await shop.dispose();
    }

    const restored = backupScript('restore', file, { DATABASE_URL: empty.url });
    expect(restored.status, restored.output).toBe(0);
    const again = await startServerProcess({ DATABASE_URL: empty.url, SEED_DEMO: 'false' });
    try {
      expect(await findsOrder(again.origin, kept)).toBe(true);
      expect(await findsOrder(again.origin, lost)).toBe(false);
      // Order numbers go on from the restored counter, not from 1.
      const next = await placeOrder(again.origin);
      expect(Number(next)).toBe(Number(kept) + 1);
    } finally {
      await again.dispose();
    }
  });

  // Issue 28, defect 15: a restore under a running shop said it succeeded, and orders confirmed
  // afterwards were lost.
  it('refuses to restore into the database of a running shop, and changes nothing', async () => {
    const live = await createPostgresDatabase();
    databases.push(live);
    const file = path.join(dir, 'running.dump');
    const shop = await startServerProcess({ DATABASE_URL: live.url });
    try {
      const first = await placeOrder(shop.origin);
      expect(backupScript('backup', file, { DATABASE_URL: live.url }).status).toBe(0);
      const second = await placeOrder(shop.origin);

      const refused = backupScript('restore', file, { DATABASE_URL: live.url });
      expect(refused.status, refused.output).toBe(1);
      expect(refused.output).toMatch(
        /^\[vela\] the shop is running on this PostgreSQL database.*stop .*nothing was changed\n$/i,
      );
      expect(refused.output).not.toContain(live.url);
      const third = await placeOrder(shop.origin);
      for (const number of [first, second, third]) expect(await findsOrder(shop.origin, number)).toBe(true);
    } finally {
      await shop.dispose();
    }
    // Once the shop is stopped, the same restore goes through.
    const restored = backupScript('restore', file, { DATABASE_URL: live.url });
    expect(restored.status, restored.output).toBe(0);
  });
});
