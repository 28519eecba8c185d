// `npm run bench -- import`: catalog:import of generated Magento product CSVs (10,000 and
// 100,000 rows; BENCH_IMPORT_ROWS=1000,5000 for others) into an empty SQLite shop. Each size runs
// in its own process, so its peak resident memory (VmHWM) is its own. Writes
// bench/results/import.md. Measures; asserts nothing.
import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { importCatalogCsv, openShopMaintenance } from '@vela/commerce';

const HEADER =
  'sku,product_type,categories,name,description,short_description,weight,visibility,price,special_price,url_key,additional_attributes,qty,is_in_stock,configurable_variations,configurable_variation_labels';
const COLORS = ['Navy', 'Sand', 'Grey', 'Rust', 'Olive'];
const SIZES = ['S', 'M', 'L', 'XL'];
const CATEGORIES = ['Apparel', 'Home', 'Deck', 'Galley', 'Cabin'];

function quote(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * `rows` rows: groups of a configurable with 4 variants (variants first, as Magento exports)
 * and simple products, in 5 × 10 categories, each with three attributes and a description.
 */
export async function generate(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(HEADER);
  let written = 0;
  for (let group = 0; written < rows; group++) {
    const category = `Default Category/Bench/${CATEGORIES[group % 5]}/Shelf ${group % 10}`;
    const description = `<p>Bench item ${group} in heavy canvas, made for the harbour and the road. Washable, repairable and built to last.</p>`;
    const material = ['Cotton', 'Canvas', 'Linen', 'Wool'][group % 4];
    if (group % 3 === 0 && rows - written >= 5) {
      const variations: string[] = [];
      for (let v = 0; v < 4; v++) {
        const sku = `BNC-${group}-${v}`;
        const color = COLORS[(group + v) % 5] as string;
        const size = SIZES[v] as string;
        variations.push(`sku=${sku},color=${color},size=${size}`);
        await write(
          [
            sku,
            'simple',
            category,
            `Bench Jacket ${group} ${color} ${size}`,
            '',
            '',
            '0.8',
            'Not Visible Individually',
            '59.00',
            '',
            `bench-jacket-${group}-${v}`,
            quote(`color=${color},size=${size},material=${material}`),
            String(v * 7),
            v > 0 ? '1' : '0',
            '',
            '',
          ].join(','),
        );
      }
      await write(
        [
          `BNC-${group}`,
          'configurable',
          category,
          `Bench Jacket ${group}`,
          quote(description),
          '<p>Canvas jacket.</p>',
          '0.8',
          quote('Catalog, Search'),
          '59.00',
          '',
          `bench-jacket-${group}`,
          `material=${material}`,
          '0',
          '1',
          quote(variations.join('|')),
          quote('color=Color,size=Size'),
        ].join(','),
      );
      written += 5;
    } else {
      await write(
        [
          `BNS-${group}`,
          'simple',
          category,
          `Bench Mug ${group}`,
          quote(description),
          '<p>Enamel mug.</p>',
          '0.3',
          quote('Catalog, Search'),
          `${12 + (group % 40)}.00`,
          group % 5 === 0 ? '9.99' : '',
          `bench-mug-${group}`,
          quote(`color=${COLORS[group % 5]},material=${material}`),
          String(group % 50),
          group % 50 > 0 ? '1' : '0',
          '',
          '',
        ].join(','),
      );
      written++;
    }
  }
  out.end();
  await once(out, 'finish');
}

interface ImportFigures {
  rows: number;
  fileMiB: number;
  seconds: number;
  rowsPerSecond: number;
  peakRssMiB: number;
  /** Peak anonymous memory (heap, native, SQLite cache), without the mapped database file. */
  peakAnonMiB: number;
  created: number;
  rejected: number;
  reimportSeconds: number;
  reimportUnchanged: number;
}

/** The children's JavaScript heap limit: an import that needed more would fail, not grow. */
const HEAP_MIB = 128;

function peakRssMiB(): number {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  return Number(kb ?? NaN) / 1024;
}

/**
 * The peak of the process's anonymous memory (RssAnon: the JavaScript heap, native allocations
 * and SQLite's page cache), sampled every 20 ms by a worker thread, which keeps sampling while the
 * main thread is blocked in a synchronous SQLite statement. Peak RSS (VmHWM) also counts the
 * database file's pages SQLite reads through its memory map (up to 256 MiB per connection); those
 * belong to the kernel's page cache and are given back under memory pressure.
 */
function anonymousMemorySampler(): { peakMiB(): number; stop(): Promise<number> } {
  const peak = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { readFileSync } = require('node:fs');
     const peak = new Int32Array(workerData);
     const sample = () => {
       const kb = Number(/RssAnon:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
       if (kb > Atomics.load(peak, 0)) Atomics.store(peak, 0, kb);
     };
     sample();
     setInterval(sample, 20);`,
    { eval: true, workerData: peak.buffer },
  );
  worker.unref();
  return {
    peakMiB: () => Atomics.load(peak, 0) / 1024,
    stop: () => worker.terminate(),
  };
}

/** In the child: one import of `file` into a new SQLite shop in `dir`, then the same file again. */
async function child(file: string, dir: string): Promise<void> {
  const shop = await openShopMaintenance({ sqlitePath: path.join(dir, 'vela.db'), seedShopBasics: true });
  const { db, searchIndex } = shop.connection;
  const options = { mediaDir: path.join(dir, 'media') };
  const sampler = anonymousMemorySampler();
  const started = performance.now();
  const report = await importCatalogCsv(db, searchIndex, createReadStream(file), options);
  const seconds = (performance.now() - started) / 1000;
  const peak = peakRssMiB();
  const peakAnon = sampler.peakMiB();
  await sampler.stop();
  const again = performance.now();
  const second = await importCatalogCsv(db, searchIndex, createReadStream(file), options);
  const reimportSeconds = (performance.now() - again) / 1000;
  await shop.close();
  const figures: ImportFigures = {
    rows: report.rows,
    fileMiB: statSync(file).size / 1024 / 1024,
    seconds,
    rowsPerSecond: report.rows / seconds,
    peakRssMiB: peak,
    peakAnonMiB: peakAnon,
    created: report.created,
    rejected: report.rejectedCount,
    reimportSeconds,
    reimportUnchanged: second.unchanged,
  };
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`);
}

export async function benchImport(root: string): Promise<ImportFigures[]> {
  const sizes = (process.env.BENCH_IMPORT_ROWS ?? '10000,100000,200000').split(',').map(Number);
  const results: ImportFigures[] = [];
  for (const rows of sizes) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-bench-import-'));
    try {
      const file = path.join(dir, 'products.csv');
      await generate(file, rows);
      // A fixed JavaScript heap: left alone, V8 grows its heap as fast as the import allocates,
      // however little of it stays live, and the peak would measure V8's laziness, not the import.
      // The same limits as `npm run vela` (package.json).
      const heap = [`--max-old-space-size=${HEAP_MIB}`, '--max-semi-space-size=4'];
      const run = spawnSync(
        process.execPath,
        [...heap, '--import', 'tsx', 'bench/importBench.ts', '--child', file, dir],
        {
          cwd: root,
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const line = /FIGURES (.*)/.exec(run.stdout)?.[1];
      if (run.status !== 0 || !line)
        throw new Error(`import bench of ${rows} rows failed:\n${run.stdout}\n${run.stderr}`);
      const figures = JSON.parse(line) as ImportFigures;
      console.log(
        `import ${rows} rows: ${figures.rowsPerSecond.toFixed(0)} rows/s, peak RSS ${figures.peakRssMiB.toFixed(0)} MiB, peak anonymous ${figures.peakAnonMiB.toFixed(0)} MiB`,
      );
      results.push(figures);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  const table = [
    '# Catalog import (Magento product CSV)',
    '',
    `Last run ${new Date().toISOString()} on ${machine}. Rerun: \`npm run bench -- import\` (sizes: \`BENCH_IMPORT_ROWS=10000,100000,200000\`).`,
    '',
    'Generated files: one configurable with 4 variants for every two simple products (variants before their configurable, as Magento exports them),',
    'three attributes and an HTML description per product, 50 categories, no images. Each size imports into an empty SQLite shop in its own',
    'process (batches of 500 rows, one write transaction each, indexes rebuilt once at the end), then imports the same file again.',
    '',
    'The shop is opened as the `vela` command line opens it (openShopMaintenance: no SQLite memory map, a 16 MiB page cache per',
    'connection, two connections), so peak RSS is what the import holds; peak anonymous memory leaves out the mapped code of Node',
    "and its modules: the JavaScript heap, native allocations and SQLite's page caches, sampled every 20 ms by a worker thread. Each",
    `import runs with a ${HEAP_MIB} MiB JavaScript heap and 4 MiB semi-spaces, as \`npm run vela\` does: every size must fit in it.`,
    '',
    '| rows | file | import | rows/s | peak RSS | peak anonymous | re-import (unchanged) |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (f) =>
        `| ${f.rows.toLocaleString('en')} | ${f.fileMiB.toFixed(1)} MiB | ${f.seconds.toFixed(1)} s | ${f.rowsPerSecond.toFixed(0)} | ${f.peakRssMiB.toFixed(0)} MiB | ${f.peakAnonMiB.toFixed(0)} MiB | ${f.reimportSeconds.toFixed(1)} s (${f.reimportUnchanged.toLocaleString('en')}) |`,
    ),
    '',
  ].join('\n');
  // The sections below the table are the figures of earlier sessions (other commands, other
  // machines' loads): kept as they are.
  const resultFile = path.join(root, 'bench', 'results', 'import.md');
  const previous = existsSync(resultFile) ? readFileSync(resultFile, 'utf8') : '';
  const history = previous.indexOf('\n## ');
  writeFileSync(resultFile, history < 0 ? table : `${table}${previous.slice(history)}`);
  console.log(table);
  return results;
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as string, process.argv[4] as string);
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchImport(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));
}
