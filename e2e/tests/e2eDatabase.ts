// Which database a shop of the run uses. By default each shop keeps the embedded SQLite file in its
// var folder. With E2E_DATABASE=postgres, run.mjs starts a throwaway PostgreSQL cluster
// (scripts/with-postgres.sh), makes one database per shop the run may start, and tells the shops
// apart by name here: the server runs on PostgreSQL when DATABASE_URL is set.

/** The shops a run may start; run.mjs makes one database for each. */
export const E2E_SHOPS = ['main', 'backend', 'card', 'card_front', 'card_2', 'card_2_front', 'braintree'] as const;
export type E2eShop = (typeof E2E_SHOPS)[number];

/** postgres://…/<prefix>_<shop> for that shop on a PostgreSQL run; undefined on SQLite. */
export function e2eDatabaseUrl(shop: E2eShop): string | undefined {
  const server = process.env.E2E_POSTGRES_URL;
  const prefix = process.env.E2E_DATABASE_PREFIX;
  if (!server || !prefix) return undefined;
  const url = new URL(server);
  url.pathname = `/${prefix}_${shop}`;
  return url.toString();
}

/** `{ DATABASE_URL }` for that shop's process on a PostgreSQL run; nothing on SQLite. */
export function e2eDatabaseEnv(shop: E2eShop): { DATABASE_URL?: string } {
  const url = e2eDatabaseUrl(shop);
  return url ? { DATABASE_URL: url } : {};
}
