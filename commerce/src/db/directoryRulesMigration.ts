import type { Migration } from 'kysely';
import type { UntypedDb } from './untyped';

// Magento's address rules as columns of the country they are about (domains/directory/
// directoryData.ts holds them for new shops): which countries' addresses must name a region,
// which may omit the postcode. A shop that already has countries gets Magento's rules for them.
// The lists are written here as they were when this migration was made: a migration never
// changes with later data.

/** Magento_Directory's countriesWithNotRequiredStates: countries with regions that addresses need not name. */
const REGION_NOT_REQUIRED = ['AT', 'BE', 'DE', 'FI', 'FR'];
/** general/country/optional_zip_countries of Magento_Directory's config.xml. */
const POSTCODE_OPTIONAL = ['HK', 'IE', 'MO', 'PA', 'GB'];

export function directoryRulesMigration(): Migration {
  return {
    async up(db: UntypedDb) {
      await db.schema
        .alterTable('country')
        .addColumn('region_required', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('country')
        .addColumn('postcode_optional', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Magento's installer: a region is required where the directory has regions, less the exceptions.
      await db
        .updateTable('country')
        .set({ region_required: 1 })
        .where('id', 'in', db.selectFrom('region').select('country_id'))
        .where('id', 'not in', REGION_NOT_REQUIRED)
        .execute();
      await db.updateTable('country').set({ postcode_optional: 1 }).where('id', 'in', POSTCODE_OPTIONAL).execute();
    },
  };
}
