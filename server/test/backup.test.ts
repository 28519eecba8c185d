import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupScript, findsOrder, placeOrder } from './backupRestore';
import { startServerProcess } from './serverProcess';

describe('npm run backup / restore on SQLite', () => {
  it('copies the database while the shop takes orders, and puts that copy back', async () => {
    const shop = await startServerProcess();
    const env = { VAR_DIR: shop.varDir };
    const backup = path.join(shop.varDir, 'backup.db');
    try {
      const kept = await placeOrder(shop.origin);
      const taken = backupScript('backup', backup, env);
      expect(taken.output).toMatch(/backed up .*vela\.db to .*backup\.db/);
      expect(taken.status).toBe(0);
      // A second backup never overwrites the first.
      expect(backupScript('backup', backup, env)).toMatchObject({ status: 1 });
      const lost = await placeOrder(shop.origin);

      shop.child.kill('SIGTERM');
      expect(await shop.exited).toEqual({ code: 0, signal: null });
      const restored = backupScript('restore', backup, env);
      expect(restored.output).toMatch(/restored .*vela\.db from .*backup\.db/);
      expect(restored.status).toBe(0);
      expect(existsSync(path.join(shop.varDir, 'vela.db-wal'))).toBe(false);

      const again = await startServerProcess({ VAR_DIR: shop.varDir });
      try {
        expect(await findsOrder(again.origin, kept)).toBe(true);
        expect(await findsOrder(again.origin, lost)).toBe(false);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    } finally {
      await shop.dispose();
    }
  });

  it('refuses a damaged copy and leaves the database as it was', async () => {
    const shop = await startServerProcess();
    try {
      const damaged = path.join(shop.varDir, 'damaged.db');
      writeFileSync(damaged, 'SQLite format 3\u0000'.padEnd(4096, 'x'));
      shop.child.kill('SIGTERM');
      await shop.exited;
      const restored = backupScript('restore', damaged, { VAR_DIR: shop.varDir });
      expect(restored.status).toBe(1);
      expect(restored.output).toMatch(
        /^\[vela\] .*damaged\.db is (not a usable SQLite database|damaged).*nothing was changed\n$/,
      );
      const again = await startServerProcess({ VAR_DIR: shop.varDir });
      again.child.kill('SIGTERM');
      expect(await again.exited).toEqual({ code: 0, signal: null });
    } finally {
      await shop.dispose();
    }
  });

  // Issue 28, defect 15: a restore under a running shop said it succeeded; the shop kept writing
  // to the file it had open, and orders confirmed afterwards were lost at the next restart.
  it('refuses to restore under a running shop, says what to do, and changes nothing', async () => {
    const shop = await startServerProcess();
    const env = { VAR_DIR: shop.varDir };
    const backup = path.join(shop.varDir, 'backup.db');
    try {
      const first = await placeOrder(shop.origin);
      expect(backupScript('backup', backup, env).status).toBe(0);
      const second = await placeOrder(shop.origin);

      const refused = backupScript('restore', backup, env);
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/^\[vela\] the shop is running on .*vela\.db.*stop .*nothing was changed\n$/i);
      // The running shop goes on with every order, and so does the next start.
      const third = await placeOrder(shop.origin);
      shop.child.kill('SIGTERM');
      expect(await shop.exited).toEqual({ code: 0, signal: null });
      const again = await startServerProcess({ VAR_DIR: shop.varDir });
      try {
        for (const number of [first, second, third]) expect(await findsOrder(again.origin, number)).toBe(true);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    } finally {
      await shop.dispose();
    }
  });

  it('restores into a folder that does not exist yet', async () => {
    const shop = await startServerProcess();
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'vela-restore-'));
    const backup = path.join(shop.varDir, 'backup.db');
    try {
      const kept = await placeOrder(shop.origin);
      expect(backupScript('backup', backup, { VAR_DIR: shop.varDir }).status).toBe(0);
      const varDir = path.join(elsewhere, 'new', 'var');
      const restored = backupScript('restore', backup, { VAR_DIR: varDir });
      expect(restored.output).toMatch(/^\[vela\] restored .*new\/var\/vela\.db from .*backup\.db/);
      expect(restored.status).toBe(0);
      const moved = await startServerProcess({ VAR_DIR: varDir });
      try {
        expect(await findsOrder(moved.origin, kept)).toBe(true);
      } finally {
        moved.child.kill('SIGTERM');
        await moved.exited;
      }
    } finally {
      await shop.dispose();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
