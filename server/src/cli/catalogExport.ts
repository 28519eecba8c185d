// `npm run vela -- catalog:export FILE.csv`: writes the shop's catalog as Magento 2's product
// CSV, the format catalog:import reads. The file is written next to its final name and renamed
// when complete, so a failed export never leaves half a file under that name.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { exportCatalogCsv, openShopMaintenance } from '@vela/commerce';
import type { ServerConfig } from '../config';
import { type CliOutput, processOutput } from './catalogImport';

export async function runCatalogExport(
  args: string[],
  config: ServerConfig,
  out: CliOutput = processOutput(),
): Promise<number> {
  const [file, ...rest] = args;
  if (!file || file.startsWith('-') || rest.length > 0) {
    out.error('usage: npm run vela -- catalog:export FILE.csv');
    return 2;
  }
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  const shop = await openShopMaintenance({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    log: (line) => out.error(line),
  });
  try {
    const report = await exportCatalogCsv(shop.connection.db, createWriteStream(partial));
    await rename(partial, target);
    await shop.recordCommand({ action: 'catalog.export', entityType: 'catalog', entityId: 'all', after: { file } });
    out.log(`exported ${report.products} products to ${file}`);
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await shop.close();
  }
}

export const catalogExportCommand: { summary: string; run(args: string[], config: ServerConfig): Promise<number> } = {
  summary: "FILE.csv   write the catalog as Magento 2's product CSV",
  run: (args, config) => runCatalogExport(args, config),
};
