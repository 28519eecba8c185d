import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations';
import { openDatabase, type DatabaseConnection } from '../src/db/connection';
import {
  baseCurrencyCode,
  readStoreConfig,
  readStoreConfigValue,
  readStoreConfigValues,
} from '../src/kernel/storeConfig';

const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-store-config-'));
let connection: DatabaseConnection;

beforeAll(async () => {
  connection = openDatabase({ sqlitePath: path.join(dir, 'shop.db') });
  await migrateToLatest(connection.db, connection.searchIndex);
});

afterAll(async () => {
  await connection.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the store config reader', () => {
  it('answers missing settings as missing, and the base currency as USD until one is set', async () => {
    expect(await readStoreConfigValue(connection.db, 'store_name')).toBeUndefined();
    expect(await baseCurrencyCode(connection.db)).toBe('USD');
  });

  it('sees a change at once, and inside a transaction sees that transaction’s own write', async () => {
    await connection.db.insertInto('store_config').values({ key: 'base_currency_code', value: 'EUR' }).execute();
    expect(await baseCurrencyCode(connection.db)).toBe('EUR');
    await connection.db.transaction().execute(async (trx) => {
      await trx.updateTable('store_config').set({ value: 'GBP' }).where('key', '=', 'base_currency_code').execute();
      expect(await baseCurrencyCode(trx)).toBe('GBP');
    });
    expect(await baseCurrencyCode(connection.db)).toBe('GBP');
  });

  it('reads several settings in one answer, and all of them', async () => {
    await connection.db.insertInto('store_config').values({ key: 'store_name', value: 'Vela' }).execute();
    expect(await readStoreConfigValues(connection.db, ['store_name', 'contact_recipient_email'] as const)).toEqual({
      store_name: 'Vela',
    });
    expect(await readStoreConfig(connection.db)).toEqual({ store_name: 'Vela', base_currency_code: 'GBP' });
  });
});
