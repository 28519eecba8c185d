import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { checkReadiness } from '../src/readiness';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-readiness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readiness', () => {
  it('is not ready on a database whose migrations have not run, and names the first missing one', async () => {
    const connection = openDatabase({ sqlitePath: path.join(dir, 'empty.db') });
    try {
      const readiness = await checkReadiness(connection.db, connection.searchIndex);
      expect(readiness.ready).toBe(false);
      expect(readiness.detail).toMatch(/0001_catalog/);
    } finally {
      await connection.close();
    }
  });
});
