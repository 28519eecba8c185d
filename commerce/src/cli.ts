import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { seedDemoCatalog } from './demo/catalogSeed';
import { setExchangeRate } from './domains/store';

// A developer's and the benchmarks' tool; operators use `vela` (server/src/vela.ts), which reads
// the server's settings. This one reads nothing from the environment: the database is named on
// the command line, so a stray DATABASE_URL in a shell cannot point it at the wrong shop.
// Usage (with tsx):
//   cli.ts migrate [--sqlite path | --database-url postgres://…]
//   cli.ts seed [--sqlite path]                    replaces the catalog with the demo catalog
//   cli.ts generate --products 50000 --sqlite path a large deterministic catalog for benchmarks
//   cli.ts currency-rate EUR 0.92 [--sqlite path]   units of EUR per unit of the base currency
// Without either option: var/vela.db, as the server's default.

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const log = (line: string) => console.log(line);
  if (!command || !['migrate', 'seed', 'generate', 'currency-rate'].includes(command)) {
    console.error(
      'usage: cli.ts migrate|seed|generate|currency-rate [CODE RATE] [--sqlite path | --database-url url] [--products n]',
    );
    process.exitCode = 2;
    return;
  }
  const connection = openDatabase({ databaseUrl: option(args, 'database-url'), sqlitePath: option(args, 'sqlite') });
  try {
    const applied = await migrateToLatest(connection.db, connection.searchIndex);
    log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');
    if (command === 'currency-rate') {
      const [code = '', rate = ''] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
      const set = await setExchangeRate(connection.db, code, Number(rate.trim() === '' ? Number.NaN : rate));
      log(`1 ${set.base} = ${set.rate} ${set.currency}; cached prices are dropped`);
    }
    if (command === 'seed') {
      const result = await seedDemoCatalog(connection.db, connection.searchIndex, { log });
      log(`seeded ${result.products} products (${result.productRows} product rows incl. variants)`);
    }
    if (command === 'generate') {
      const products = Number(option(args, 'products') ?? '50000');
      if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive integer');
      const started = Date.now();
      const result = await seedDemoCatalog(connection.db, connection.searchIndex, {
        products,
        compact: products > 2000,
        log,
      });
      log(
        `generated ${result.products} products (${result.productRows} product rows incl. variants) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
