// bench/results/peer.md: set-up, versions, machine, the figures (median over rounds, and the
// median of the per-round ratios Vela ÷ Vendure), the comparable-work check, every round, and how
// to run it again.
import os from 'node:os';
import type { RunFigures } from './load';
import type { OperationName, Work } from './operations';

export interface CatalogResult {
  catalog: string;
  rounds: { vela: Map<OperationName, RunFigures>; vendure: Map<OperationName, RunFigures> }[];
  work: { vela: Work[]; vendure: Work[] };
  rssMib: { vela: number; vendure: number };
}

export interface Timings {
  installSeconds: number;
  velaSeedSeconds: number;
  vendureSeed: { catalog: string; seconds: number; cached: boolean }[];
  roundsSeconds: number;
  totalSeconds: number;
  /** The 1-minute load average when the run started and when it ended: others' work on the machine shows here. */
  loadAverage: { start: number; end: number };
}

interface ReportInput {
  settings: { rounds: number; seconds: number; warmupSeconds: number; connections: number; products: number };
  timings: Timings;
  versions: Record<string, string>;
  results: CatalogResult[];
  operations: readonly OperationName[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const ratio = (value: number) => `${value.toFixed(2)}×`;
const minutes = (seconds: number) => (seconds >= 90 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(0)} s`);
const cell = (value: number | undefined) => (value === undefined ? '–' : String(value));

type Metric = 'requestsPerSecond' | 'p50' | 'p99' | 'cpuMsPerRequest' | 'othersOnCore';
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;

export function peerReport({ settings, timings, versions, results, operations }: ReportInput): string {
  const cpu = os.cpus();
  const lines: string[] = [
    '# Vela beside Vendure (issue 14)',
    '',
    `Last run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${os.totalmem() > 0 ? `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` : ''}Linux ${os.release()}, Node ${process.version}. Written by \`npm run bench -- peer\` (bench/peer/).`,
    '',
    '## Set-up',
    '',
    `- **Vendure** ${versions['@vendure/core']} (the version issue 14 measured), installed at run time from the npm registry into a temporary folder, not a dependency of this repository: ${Object.entries(
      versions,
    )
      .map(([name, version]) => `${name} ${version}`)
      .join(
        ', ',
      )}. SQLite through better-sqlite3 (WAL), DefaultSearchPlugin (its SQL search index, rebuilt after the import), AssetServerPlugin, bearer-token sessions. Its job queue is not running while measured (nothing in these operations needs it).`,
    '- **Vela**: the commerce API alone (bench/apiServer.ts) on SQLite, response cache off (`VELA_RESPONSE_CACHE=off`): both servers compute every answer.',
    `- **Catalogs**: Vela's demo catalog beside Vendure's sample data (@vendure/create), then ${settings.products.toLocaleString('en')} generated products each: Vela's \`cli.ts generate\` and, for Vendure, a CSV of the same shape (about 55 % of products with 2 colours × 3 sizes = 6 variants, the rest one; 20 categories under 5 departments as collections; colour, size, material and brand facets) imported with Vendure's own \`populate()\` / Importer (bench/peer/vendureCatalog.ts).`,
    `- **Load**: autocannon, ${settings.connections} connections for ${settings.seconds} s per operation, after a ${settings.warmupSeconds} s warm-up at the same load. Each server pinned to core 1 (\`taskset -c 1\`), both started for a catalog, the idle one waiting; the load generator (this process) pinned to core 0. ${settings.rounds} rounds, Vela and Vendure alternating, who goes first alternating too.`,
    "- **Operations**, chosen by the same rule on both sides: the category listing of the biggest category / collection, 24 items with facet counts (Vela: the storefront's `CatalogListing` with a `category_uid` filter; Vendure: `search(collectionSlug, take: 24, groupByProduct: true)` with `facetValues`); the product page of the first product with variants in that listing (Vela: `ProductPage`; Vendure: `product(slug)` with variants, options, prices, assets, facets, breadcrumbs); the text search for the last word of a listed product name that matches the most products (Vela: `CatalogListing` with `search`; Vendure: `search(term, take: 24, groupByProduct: true)`); add to cart + read cart, one cart per connection at a time (Vela: `CartAddProducts` then `CartDetails`; Vendure: `addItemToOrder` then `activeOrder`). Vela's catalog reads are GETs, as its storefront sends them; Vendure's are POSTs, as its storefronts send them (Vendure does not cache either way). Cart calls are POSTs on both.",
    '- **Checks**: every response is checked during the load; a GraphQL error, a cart error result (Vela `user_errors`, Vendure `ErrorResult`), a non-2xx status, a socket error or a timeout fails the whole run.',
    "- **Figures**: req/s and latency from autocannon at 10 connections (for add to cart + read cart, per request: an add or a read); CPU-ms per request is the server process's utime + stime (/proc/<pid>/stat) over the measured run divided by its requests; RSS is VmRSS of each server after all its runs for that catalog. The ratio is Vela ÷ Vendure in each round, then the median over rounds (> 1 for req/s means Vela serves more; < 1 for latency, CPU and memory means Vela uses less).",
    '- **Others\' work**: the harness cannot keep other processes off core 1. "Others on core 1" is the share of that core they used during the measured runs (/proc/stat busy time less the server\'s own CPU time). Where it is well above 0, req/s and latency are lower than on a quiet machine, for both servers alike only as far as the interleaving evens it out; CPU-ms per request is the figure it disturbs least.',
    '',
    `Run time: ${minutes(timings.totalSeconds)} in all: Vendure install ${minutes(timings.installSeconds)}, Vela databases ${minutes(timings.velaSeedSeconds)}, Vendure databases ${timings.vendureSeed
      .map((s) => `${s.catalog} ${s.cached ? 'from the cache' : minutes(s.seconds)}`)
      .join(
        ', ',
      )}, servers and rounds ${minutes(timings.roundsSeconds)}. Load average (1 min) ${timings.loadAverage.start.toFixed(2)} at the start, ${timings.loadAverage.end.toFixed(2)} at the end (2 cores; other processes on the machine are not controlled by the harness).`,
    '',
    `## Figures (median over ${settings.rounds} rounds)`,
    '',
    '| catalog | operation | Vela req/s | Vendure req/s | req/s Vela ÷ Vendure | Vela p50 / p99 | Vendure p50 / p99 | p50 ratio | p99 ratio | Vela CPU-ms/req | Vendure CPU-ms/req | CPU ratio | others on core 1 (Vela / Vendure runs) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    for (const operation of operations) {
      const of = (side: 'vela' | 'vendure', metric: Metric) =>
        median(result.rounds.map((r) => r[side].get(operation)![metric]));
      const ratioOf = (metric: Metric) =>
        median(
          result.rounds.map((r) => r.vela.get(operation)![metric] / Math.max(1e-9, r.vendure.get(operation)![metric])),
        );
      lines.push(
        `| ${result.catalog} | ${operation} | ${fixed(of('vela', 'requestsPerSecond'))} | ${fixed(of('vendure', 'requestsPerSecond'))} | **${ratio(ratioOf('requestsPerSecond'))}** | ${of('vela', 'p50')} / ${of('vela', 'p99')} ms | ${of('vendure', 'p50')} / ${of('vendure', 'p99')} ms | ${ratio(ratioOf('p50'))} | ${ratio(ratioOf('p99'))} | ${fixed(of('vela', 'cpuMsPerRequest'), 2)} | ${fixed(of('vendure', 'cpuMsPerRequest'), 2)} | ${ratio(ratioOf('cpuMsPerRequest'))} | ${percent(of('vela', 'othersOnCore'))} / ${percent(of('vendure', 'othersOnCore'))} |`,
      );
    }
  }
  lines.push(
    '',
    '| catalog | Vela RSS | Vendure RSS | Vela ÷ Vendure |',
    '|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.catalog} | ${fixed(r.rssMib.vela)} MiB | ${fixed(r.rssMib.vendure)} MiB | ${ratio(r.rssMib.vela / r.rssMib.vendure)} |`,
    ),
    '',
    '## Comparable work',
    '',
    'What one answer held, fetched once before the load: items on the page, matches in all, facet values (Vela: options over all aggregations; Vendure: `facetValues`), variants of the product, and the bytes of the answer (for the cart: the add and the read together).',
    '',
    '| catalog | operation | server | what | items | matches | facet values | variants | bytes |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const result of results) {
    for (const operation of operations) {
      for (const [server, work] of [
        ['Vela', result.work.vela],
        ['Vendure', result.work.vendure],
      ] as const) {
        const w = work.find((entry) => entry.operation === operation)!;
        lines.push(
          `| ${result.catalog} | ${operation} | ${server} | ${w.detail} | ${cell(w.items)} | ${cell(w.total)} | ${cell(w.facetValues)} | ${cell(w.variants)} | ${w.bytes.toLocaleString('en')} |`,
        );
      }
    }
  }
  lines.push(
    '',
    '## Every round',
    '',
    '| catalog | operation | round | Vela req/s | Vendure req/s | ratio | Vela p50 / p99 | Vendure p50 / p99 | Vela CPU-ms/req | Vendure CPU-ms/req | others on core 1 (Vela / Vendure runs) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const result of results) {
    for (const operation of operations) {
      result.rounds.forEach((round, index) => {
        const vela = round.vela.get(operation)!;
        const vendure = round.vendure.get(operation)!;
        lines.push(
          `| ${result.catalog} | ${operation} | ${index + 1} | ${fixed(vela.requestsPerSecond)} | ${fixed(vendure.requestsPerSecond)} | ${ratio(vela.requestsPerSecond / vendure.requestsPerSecond)} | ${vela.p50} / ${vela.p99} ms | ${vendure.p50} / ${vendure.p99} ms | ${fixed(vela.cpuMsPerRequest, 2)} | ${fixed(vendure.cpuMsPerRequest, 2)} | ${percent(vela.othersOnCore)} / ${percent(vendure.othersOnCore)} |`,
        );
      });
    }
  }
  lines.push(
    '',
    '## Rerun',
    '',
    '```sh',
    'npm run bench -- peer',
    '# fewer or more rounds, other lengths and sizes:',
    'BENCH_PEER_ROUNDS=5 BENCH_SECONDS=10 BENCH_PEER_WARMUP_SECONDS=2 BENCH_PEER_PRODUCTS=10000 npm run bench -- peer',
    '# seed Vendure again instead of using the cached database:',
    'BENCH_PEER_NO_CACHE=1 npm run bench -- peer',
    '```',
    '',
    "Needs the npm registry (Vendure is installed on every run, into a temporary folder that is removed afterwards) and `taskset`. Vendure's seeded databases are cached in `node_modules/.cache/vela-peer/vendure-<version>-<catalog>-<hash of the seeding scripts>/` (importing 10,000 products through Vendure's importer and building its search index takes minutes here); delete that folder, or set `BENCH_PEER_NO_CACHE=1`, to seed again. `BENCH_PEER_VENDURE_VERSION` picks another Vendure version. Ports 4601, 4602 and 4690.",
    '',
  );
  return lines.join('\n');
}
