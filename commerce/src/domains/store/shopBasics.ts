import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inWriteTransaction } from '../../kernel/transaction';
import { writeStoreConfigValue } from '../../kernel/storeConfig';
import { insertCategory } from '../catalog';
import { writeDirectory } from '../directory';
import { insertCarrier } from '../shipping';
import { defaultStoreView, MAGENTO_FLAT_RATE, MAGENTO_ROOT_CATEGORIES, MAGENTO_STORE_CONFIG } from './shopDefaults';

// A shop started without the demo gets what a Magento installation has before the merchant sets
// anything (shopDefaults.ts, the directory), so its first imported product can be sold: store
// config, store view, countries and regions, root categories, a carrier. Each part is written
// only where the shop has none, so a shop that set its own keeps it. Each table is written by its
// owner (domains/tableOwners.ts).

export async function seedShopBasics(db: Kysely<Database>): Promise<string[]> {
  return inWriteTransaction(db, async ({ db: trx }) => {
    const seeded: string[] = [];
    const isEmpty = async (table: 'store_config' | 'store_view' | 'country' | 'category' | 'shipping_carrier') =>
      (await trx.selectFrom(table).select(trx.fn.countAll().as('n')).executeTakeFirstOrThrow()).n == 0;
    if (await isEmpty('store_config')) {
      for (const [key, value] of Object.entries(MAGENTO_STORE_CONFIG)) await writeStoreConfigValue(trx, key, value);
      seeded.push('store config');
    }
    if (await isEmpty('store_view')) {
      const stored = await trx.selectFrom('store_config').select(['key', 'value']).execute();
      await trx
        .insertInto('store_view')
        .values(defaultStoreView(Object.fromEntries(stored.map((r) => [r.key, r.value]))))
        .execute();
      seeded.push('store view');
    }
    if (await isEmpty('country')) {
      await writeDirectory(trx);
      seeded.push('countries and regions');
    }
    if (await isEmpty('category')) {
      for (const category of MAGENTO_ROOT_CATEGORIES) await insertCategory(trx, category);
      seeded.push('root categories');
    }
    if (await isEmpty('shipping_carrier')) {
      await insertCarrier(trx, MAGENTO_FLAT_RATE);
      seeded.push('flat rate carrier');
    }
    return seeded;
  });
}
