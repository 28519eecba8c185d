// The benchmark names `npm run bench -- <name…>` accepts, and what it says when asked or given
// a name it does not know (an unknown name used to run nothing, silently).

/** Run by `npm run bench` without names, in this order. */
const DEFAULT_BENCHMARKS = {
  api: 'API latency and throughput on the demo and a 50,000-product catalog',
  checkout: 'guest checkout under load',
  startup: 'start-up time and resident memory of the built server',
  pages:
    'CPU-ms per server-rendered page (home, product, category, search), first and second visit, page cache on and off',
  sitemap: 'sitemap generation on a large catalog',
  bundle: "the storefront's first-load JavaScript",
  lighthouse: 'Lighthouse scores of the storefront pages',
} as const;

/** Long or with side effects: only when named. */
const NAMED_ONLY_BENCHMARKS = {
  mixed: 'mixed shop traffic for minutes, memory over time (about half an hour)',
  import: 'catalog CSV import (bench/results/import.md)',
  saves:
    'a back-office product save at BENCH_PRODUCTS (50,000) products, and storefront search and createEmptyCart idle and during 20 saves (bench/results/saves.md)',
  peer: 'Vela beside Vendure (installs Vendure in a temporary folder)',
  soak: 'npm start under pages, API, new searches, checkouts, back-office edits and imports for BENCH_SOAK_MINUTES (60); heap and resident memory over time; fails on an error',
} as const;

export const BENCHMARK_NAMES = [...Object.keys(DEFAULT_BENCHMARKS), ...Object.keys(NAMED_ONLY_BENCHMARKS)];

export function usage(): string {
  const line = ([name, what]: [string, string]) => `  ${name.padEnd(11)} ${what}`;
  return [
    'usage: npm run bench [-- <name> …]',
    '',
    'Without names, runs:',
    ...Object.entries(DEFAULT_BENCHMARKS).map(line),
    '',
    'Only when named:',
    ...Object.entries(NAMED_ONLY_BENCHMARKS).map(line),
    '',
    'Results go to bench/results/ (README.md and JSON). Settings: BENCH_SECONDS, BENCH_PRODUCTS and',
    'others named in bench/results/README.md.',
  ].join('\n');
}

export type BenchArgs = { kind: 'run'; names: Set<string> } | { kind: 'help' } | { kind: 'unknown'; names: string[] };

export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  if (argv.some((arg) => arg === '--help' || arg === '-h' || arg === 'help')) return { kind: 'help' };
  const unknown = argv.filter((arg) => !BENCHMARK_NAMES.includes(arg));
  if (unknown.length > 0) return { kind: 'unknown', names: unknown };
  return { kind: 'run', names: new Set(argv) };
}
