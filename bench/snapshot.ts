// Snapshot comparison of the catalog API's answers (issue 14: "no correctness is traded for speed").
// Two checkouts answer the same 200 storefront queries (100 on the demo catalog, 100 on 10,000
// generated products); their canonical answers are hashed and compared.
//
//   node --import tsx bench/snapshot.ts plan    --root <checkout> --out <plan.json> [catalog options]
//   node --import tsx bench/snapshot.ts record  --root <checkout> --out <snapshot.json> [--plan <plan.json>]
//                                               [--answers <dir>] [catalog options]
//   node --import tsx bench/snapshot.ts compare <a.json> <b.json>
//
// Catalog options: --large-db <file> names the generated catalog's SQLite file: reused when it
// exists, otherwise generated there by --generator <checkout> (default --root). Every server reads a
// copy, so both checkouts see the same rows. The demo is seeded by each checkout into an empty file,
// unless --demo-db <file> names one (seeded by --generator when absent). --port (default 4731).
// The storefront documents always come from this script's checkout, so both sides send the same text.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse } from 'graphql';
import { run, startProcess, stopProcess } from './lib/processes';
import { storefrontDocument as loadStorefrontDocument } from './lib/storefrontDocument';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LARGE_PRODUCTS = 10_000;
const QUERIES_PER_CATALOG = 100;
const DEFAULT_PORT = 4731;

type CatalogName = 'demo' | 'large';
type QueryKind = 'listing' | 'search' | 'detail';
type Operation = 'CatalogListing' | 'ProductPage';
type Variables = Record<string, unknown>;

interface PlannedQuery {
  catalog: CatalogName;
  kind: QueryKind;
  label: string;
  operation: Operation;
  variables: Variables;
}

/** A catalog's SQLite file that servers read copies of; `null` for the demo means freshly seeded. */
interface DbSource {
  path: string;
  sha256: string;
}

interface Sources {
  demo: DbSource | null;
  large: DbSource;
}

interface Plan {
  createdAt: string;
  plannedWith: { root: string; head: string };
  sources: Sources;
  queries: PlannedQuery[];
}

interface Summary {
  status: number;
  errors?: string[];
  total_count?: number | null;
  items?: number;
  skus?: string[];
  sku?: string | null;
}

interface RecordedQuery extends PlannedQuery {
  sha256: string;
  summary: Summary;
  answerFile: string;
}

interface Snapshot {
  recordedAt: string;
  root: string;
  head: string;
  /** Uncommitted changes of the checkout's server code: then the answers are not quite `head`'s. */
  uncommitted?: string[];
  seconds: number;
  sources: Sources;
  answersDir: string;
  queries: RecordedQuery[];
}

// ---------------------------------------------------------------------------------------------
// Command line

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

function required(args: string[], name: string): string {
  const value = option(args, name);
  if (!value) throw new Error(`--${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'plan') await planCommand(args);
  else if (command === 'record') await recordCommand(args);
  else if (command === 'compare') process.exitCode = compareCommand(args);
  else {
    console.error('usage: snapshot.ts plan|record|compare … (see the head of bench/snapshot.ts)');
    process.exitCode = 2;
  }
}

async function planCommand(args: string[]): Promise<void> {
  const root = path.resolve(required(args, 'root'));
  const out = path.resolve(required(args, 'out'));
  const port = Number(option(args, 'port') ?? DEFAULT_PORT);
  const sources = await catalogSources(args, root, port);
  const plan = await buildPlan(root, sources, port);
  writeJson(out, plan);
  console.log(`plan of ${plan.queries.length} queries written to ${out}`);
}

async function recordCommand(args: string[]): Promise<void> {
  const root = path.resolve(required(args, 'root'));
  const out = path.resolve(required(args, 'out'));
  const port = Number(option(args, 'port') ?? DEFAULT_PORT);
  const answersDir = path.resolve(option(args, 'answers') ?? mkdtempSync(path.join(os.tmpdir(), 'vela-snapshot-')));
  const planFile = option(args, 'plan');
  const sources = await catalogSources(args, root, port);
  const queries = planFile ? loadPlan(planFile, sources) : (await buildPlan(root, sources, port)).queries;
  const started = Date.now();
  const recorded = await recordAll(root, sources, port, queries, answersDir);
  const snapshot: Snapshot = {
    recordedAt: new Date().toISOString(),
    root,
    head: gitHead(root),
    uncommitted: uncommittedServerFiles(root),
    seconds: (Date.now() - started) / 1000,
    sources,
    answersDir,
    queries: recorded,
  };
  writeJson(out, snapshot);
  console.log(`${recorded.length} answers of ${root} (${snapshot.head}) in ${out}; full answers in ${answersDir}`);
}

/** A plan file, or an earlier snapshot (it holds the same query list): only the queries are kept. */
function loadPlan(file: string, sources: Sources): PlannedQuery[] {
  const plan = JSON.parse(readFileSync(file, 'utf8')) as { sources?: Sources; queries: PlannedQuery[] };
  // Equal bytes are not required (the generator is deterministic in content, not in file bytes).
  if (plan.sources && plan.sources.large.sha256 !== sources.large.sha256)
    console.warn(`note: ${file} was planned on another generated catalog file (${plan.sources.large.path})`);
  return plan.queries.map(({ catalog, kind, label, operation, variables }) => ({
    catalog,
    kind,
    label,
    operation,
    variables,
  }));
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function gitHead(root: string): string {
  return execFileSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
}

function uncommittedServerFiles(root: string): string[] {
  const args = ['-C', root, 'status', '--porcelain', '--', 'commerce/src', 'bench/apiServer.ts'];
  const status = execFileSync('git', args, { encoding: 'utf8' });
  const files = status.split('\n').filter(Boolean);
  if (files.length > 0) console.warn(`warning: ${root} has uncommitted server changes:\n${files.join('\n')}`);
  return files;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Catalogs and servers

/**
 * The catalogs' files. The generated one is reused when present, so both checkouts read the very
 * same rows (the generator may change between them). The demo is seeded by each checkout unless
 * --demo-db names a file (seeded by --generator when absent), to tell data changes from code changes.
 */
async function catalogSources(args: string[], root: string, port: number): Promise<Sources> {
  const generator = path.resolve(option(args, 'generator') ?? root);
  const large = path.resolve(
    option(args, 'large-db') ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'vela-snap-')), 'large.db'),
  );
  if (!existsSync(large)) {
    console.log(`generating ${LARGE_PRODUCTS} products with ${generator} into ${large}…`);
    const cli = path.join(generator, 'commerce/src/cli.ts');
    await run(
      process.execPath,
      ['--import', 'tsx', cli, 'generate', '--products', String(LARGE_PRODUCTS), '--sqlite', large],
      generator,
    );
  }
  const demoOption = option(args, 'demo-db');
  const demo = demoOption ? path.resolve(demoOption) : null;
  if (demo && !existsSync(demo)) {
    console.log(`seeding the demo catalog with ${generator} into ${demo}…`);
    const mailDir = mkdtempSync(path.join(os.tmpdir(), 'vela-snap-seed-'));
    await stopProcess(await startApi(generator, demo, port, mailDir));
    rmSync(mailDir, { recursive: true, force: true });
  }
  return { large: fileSource(large), demo: demo ? fileSource(demo) : null };
}

function fileSource(file: string): DbSource {
  if (existsSync(`${file}-wal`)) throw new Error(`${file} has a write-ahead log: copies would miss rows`);
  return { path: file, sha256: sha256(readFileSync(file)) };
}

function startApi(root: string, db: string, port: number, dir: string): Promise<ChildProcess> {
  return startProcess(process.execPath, ['--import', 'tsx', path.join(root, 'bench/apiServer.ts'), db, String(port)], {
    cwd: root,
    // The response cache off: every answer is computed, not replayed.
    env: { VELA_RESPONSE_CACHE: 'off', VELA_MAIL_DIR: path.join(dir, 'mail') },
    readyText: 'ready',
  });
}

/**
 * Runs `work` against the checkout's API on one catalog: a copy of the catalog's file (the server
 * migrates it forward on start, as an upgraded shop would), or an empty file the server seeds.
 */
async function withServer<T>(
  root: string,
  catalog: CatalogName,
  sources: Sources,
  port: number,
  work: (base: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `vela-snap-${catalog}-`));
  const db = path.join(dir, `${catalog}.db`);
  const source = sources[catalog];
  if (source) copyFileSync(source.path, db);
  try {
    const server = await startApi(root, db, port, dir);
    try {
      return await work(`http://127.0.0.1:${port}`);
    } finally {
      await stopProcess(server);
    }
  } finally {
    // The copy of 10,000 products is 70 MB: none is left behind per run.
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The storefront's operations, read from the current checkout so both sides send the same text. */
const storefrontDocument = (operationName: Operation): Promise<string> =>
  loadStorefrontDocument(repoRoot, operationName);

interface Answer {
  status: number;
  body: unknown;
}

/** GET, as the storefront's queries go (and as a CDN would cache them). */
async function graphql(base: string, query: string, variables: Variables = {}): Promise<Answer> {
  const url = `${base}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { unparsedBody: text };
  }
  return { status: response.status, body };
}

/** For planning: any error stops the plan, since a query list built on an error proves nothing. */
async function planningQuery<T>(base: string, query: string, variables: Variables = {}): Promise<T> {
  const answer = await graphql(base, query, variables);
  const body = answer.body as { data?: T; errors?: unknown[] };
  if (answer.status !== 200 || body.errors?.length || !body.data) {
    throw new Error(
      `planning query failed (${answer.status}): ${JSON.stringify(body).slice(0, 2000)}\n${query}\n${JSON.stringify(variables)}`,
    );
  }
  return body.data;
}

// ---------------------------------------------------------------------------------------------
// Canonical answers

/** JSON with every object's keys sorted: two equal answers give the same text whatever the key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = canonical((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

interface ListingData {
  products?: { total_count?: number | null; items?: ({ sku?: string } | null)[] | null } | null;
}

function summarise(operation: Operation, answer: Answer): Summary {
  const body = answer.body as { data?: ListingData | null; errors?: { message?: string }[] };
  const summary: Summary = { status: answer.status };
  if (body.errors?.length) summary.errors = body.errors.map((e) => String(e.message)).slice(0, 3);
  const products = body.data?.products;
  if (!products) return summary;
  const skus = (products.items ?? []).map((item) => item?.sku ?? '?');
  if (operation === 'ProductPage') return { ...summary, sku: skus[0] ?? null };
  return { ...summary, total_count: products.total_count ?? null, items: skus.length, skus: skus.slice(0, 3) };
}

async function recordOne(
  base: string,
  documents: Record<Operation, string>,
  index: number,
  query: PlannedQuery,
  answersDir: string,
): Promise<RecordedQuery> {
  const answer = await graphql(base, documents[query.operation], query.variables);
  // The whole body, errors included: an error where there was data is a difference too.
  const text = `${JSON.stringify(canonical(answer.body), null, 1)}\n`;
  const answerFile = path.join(answersDir, `${String(index).padStart(3, '0')}-${query.catalog}-${query.kind}.json`);
  writeFileSync(answerFile, text);
  return { ...query, sha256: sha256(text), summary: summarise(query.operation, answer), answerFile };
}

async function recordAll(
  root: string,
  sources: Sources,
  port: number,
  queries: PlannedQuery[],
  answersDir: string,
): Promise<RecordedQuery[]> {
  mkdirSync(answersDir, { recursive: true });
  const documents: Record<Operation, string> = {
    CatalogListing: await storefrontDocument('CatalogListing'),
    ProductPage: await storefrontDocument('ProductPage'),
  };
  const recorded: RecordedQuery[] = [];
  for (const catalog of ['demo', 'large'] as const) {
    const started = Date.now();
    let ready = 0;
    await withServer(root, catalog, sources, port, async (base) => {
      ready = Date.now();
      for (const [index, query] of queries.entries()) {
        if (query.catalog === catalog) recorded.push(await recordOne(base, documents, index, query, answersDir));
      }
    });
    const count = queries.filter((q) => q.catalog === catalog).length;
    const seconds = (to: number, from: number) => ((to - from) / 1000).toFixed(1);
    console.log(
      `${catalog}: server ready in ${seconds(ready, started)} s, ${count} queries in ${seconds(Date.now(), ready)} s`,
    );
  }
  return recorded;
}

// ---------------------------------------------------------------------------------------------
// Planning: 100 varied queries per catalog, chosen by a seeded generator from the API's answers

/** mulberry32: small, seedable, and the same sequence on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Picker {
  constructor(private readonly random: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  one<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('planning: nothing to pick from');
    return list[Math.floor(this.random() * list.length)]!;
  }
  some<T>(list: readonly T[], count: number): T[] {
    const pool = [...list];
    const picked: T[] = [];
    while (picked.length < count && pool.length > 0)
      picked.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0]!);
    return picked;
  }
}

interface CategoryNode {
  uid: string;
  name: string;
  level: number;
  children?: CategoryNode[] | null;
}

interface Aggregation {
  attribute_code: string;
  options: { label: string | null; value: string; count: number | null }[] | null;
}

interface ListingItem {
  __typename: string;
  sku: string;
  name: string;
  url_key: string;
  price_range: { minimum_price: { final_price: { value: number | null } } };
}

interface Listing {
  products: { total_count: number; aggregations: Aggregation[] | null; items: ListingItem[] };
}

/** What planning learns of a catalog: its categories, and per category its facets and products. */
interface CatalogFacts {
  tops: CategoryNode[];
  leaves: CategoryNode[];
  filterable: Set<string>;
  listings: Map<string, Listing>;
  products: ListingItem[];
}

const CATEGORY_TREE = `{ categoryList { uid name level children { uid name level children { uid name level children { uid name level } } } } }`;

/**
 * The attributes a listing can be filtered by, read from the checkout's SDL (the API turns
 * introspection off), so a facet the filter input lacks is not planned.
 */
function filterFields(root: string): Set<string> {
  const dir = path.join(root, 'commerce/src/schema');
  const fields = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.graphql'))) {
    for (const definition of parse(readFileSync(path.join(dir, file), 'utf8')).definitions) {
      const isInput =
        definition.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION || definition.kind === Kind.INPUT_OBJECT_TYPE_EXTENSION;
      if (isInput && definition.name.value === 'ProductAttributeFilterInput')
        for (const field of definition.fields ?? []) fields.add(field.name.value);
    }
  }
  if (fields.size === 0) throw new Error(`no ProductAttributeFilterInput in ${dir}`);
  return fields;
}

function flatten(node: CategoryNode): CategoryNode[] {
  return [node, ...(node.children ?? []).flatMap(flatten)];
}

async function learnCatalog(root: string, base: string, listingDocument: string): Promise<CatalogFacts> {
  const tree = await planningQuery<{ categoryList: CategoryNode[] }>(base, CATEGORY_TREE);
  const all = tree.categoryList.flatMap(flatten).filter((c) => c.level >= 2);
  const listings = new Map<string, Listing>();
  const products = new Map<string, ListingItem>();
  // Every category's first page: its facets and products feed the filters and product pages.
  for (const category of all) {
    const listing = await planningQuery<Listing>(base, listingDocument, {
      filter: { category_uid: { eq: category.uid } },
      pageSize: 36,
      currentPage: 1,
    });
    listings.set(category.uid, listing);
    for (const item of listing.products.items) products.set(item.sku, item);
  }
  const filterable = filterFields(root);
  return {
    tops: all.filter((c) => c.level === 2),
    leaves: all.filter((c) => !c.children?.length && c.level > 2),
    filterable,
    listings,
    products: [...products.values()].sort((a, b) => a.sku.localeCompare(b.sku)),
  };
}

/** The facets a shopper can click in a category: attribute options, not categories or prices. */
function attributeFacets(facts: CatalogFacts, uid: string): Aggregation[] {
  const aggregations = facts.listings.get(uid)?.products.aggregations ?? [];
  return aggregations.filter(
    (a) =>
      a.attribute_code !== 'category_uid' &&
      a.attribute_code !== 'price' &&
      facts.filterable.has(a.attribute_code) &&
      (a.options?.length ?? 0) > 0,
  );
}

function priceBuckets(facts: CatalogFacts, uid: string): { from: string; to?: string }[] {
  const price = facts.listings.get(uid)?.products.aggregations?.find((a) => a.attribute_code === 'price');
  // Buckets come as `from_to`; an open top end (`*` or empty) is left out, as the storefront does.
  return (price?.options ?? []).map((o) => {
    const [from = '', to = ''] = o.value.split('_');
    return to && to !== '*' ? { from, to } : { from };
  });
}

const SORT_FIELDS = ['position', 'name', 'price'] as const;
const DIRECTIONS = ['ASC', 'DESC'] as const;
const PAGE_SIZES = [12, 24, 36] as const;

class QueryPlanner {
  readonly queries: PlannedQuery[] = [];
  /** Listings asked one page past their last, on purpose: Magento answers those with an error. */
  readonly pastEnd = new Set<PlannedQuery>();
  private readonly pick: Picker;

  constructor(
    private readonly catalog: CatalogName,
    private readonly facts: CatalogFacts,
    seed: number,
  ) {
    this.pick = new Picker(seededRandom(seed));
  }

  private add(kind: QueryKind, label: string, operation: Operation, variables: Variables): PlannedQuery {
    const query = { catalog: this.catalog, kind, label, operation, variables };
    this.queries.push(query);
    return query;
  }

  /** The page wanted; settlePages brings it within the listing's pages once its count is known. */
  private paging(): { pageSize: number; currentPage: number } {
    return { pageSize: this.pick.one(PAGE_SIZES), currentPage: this.pick.int(1, 3) };
  }

  private sort(): Record<string, string> {
    return { [this.pick.one(SORT_FIELDS)]: this.pick.one(DIRECTIONS) };
  }

  /** Alternates a top category and a leaf, so both the large and the narrow listings are asked. */
  private category(index: number): CategoryNode {
    return this.pick.one(index % 2 === 0 || this.facts.leaves.length === 0 ? this.facts.tops : this.facts.leaves);
  }

  private listing(label: string, filter: Variables): PlannedQuery {
    const sort = this.sort();
    return this.add('listing', `${label} ${Object.entries(sort)[0]!.join(' ')}`, 'CatalogListing', {
      filter,
      sort,
      ...this.paging(),
    });
  }

  categoriesOnly(count: number): void {
    for (let i = 0; i < count; i++) {
      const category = this.category(i);
      const query = this.listing(`category ${category.name}`, { category_uid: { eq: category.uid } });
      if (i === count - 1) this.pastEnd.add(query);
    }
  }

  /** `eq` on one option, `in` on two options of one facet, or one option of each of two facets. */
  attributeFilters(count: number, shape: 'eq' | 'in' | 'two'): void {
    for (let i = 0, tries = 0; i < count && tries < count * 20; tries++) {
      const category = this.category(i + tries);
      const facets = attributeFacets(this.facts, category.uid);
      const filter: Variables = { category_uid: { eq: category.uid } };
      const labels: string[] = [];
      if (shape === 'two' ? facets.length < 2 : facets.length < 1) continue;
      for (const facet of this.pick.some(facets, shape === 'two' ? 2 : 1)) {
        const options = this.pick.some(facet.options ?? [], shape === 'in' ? 2 : 1);
        if (shape === 'in' && options.length < 2) break;
        filter[facet.attribute_code] = shape === 'in' ? { in: options.map((o) => o.value) } : { eq: options[0]!.value };
        labels.push(`${facet.attribute_code}=${options.map((o) => o.label).join('|')}`);
      }
      if (labels.length !== (shape === 'two' ? 2 : 1)) continue;
      this.listing(`category ${category.name} ${shape} ${labels.join(' ')}`, filter);
      i++;
    }
  }

  /** A facet bucket as the storefront sends it, or a range of the shopper's own (open ends too). */
  priceRanges(count: number): void {
    for (let i = 0; i < count; i++) {
      const category = this.category(i);
      const buckets = priceBuckets(this.facts, category.uid);
      const own = { from: String(this.pick.int(0, 60)), to: String(this.pick.int(61, 200)) };
      const range = i % 3 !== 2 && buckets.length > 0 ? this.pick.one(buckets) : i % 2 === 0 ? own : { from: own.from };
      const filter: Variables = { category_uid: { eq: category.uid }, price: range };
      const facets = attributeFacets(this.facts, category.uid);
      if (i % 4 === 3 && facets.length > 0) {
        const facet = this.pick.one(facets);
        filter[facet.attribute_code] = { eq: this.pick.one(facet.options ?? []).value };
      }
      this.listing(
        `category ${category.name} price ${range.from}-${range.to ?? ''}${i % 4 === 3 ? ' +facet' : ''}`,
        filter,
      );
    }
  }

  private nameWords(): string[] {
    const words = this.facts.products.flatMap((p) => p.name.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 4);
    return [...new Set(words)].sort();
  }

  private search(label: string, search: string, filter?: Variables, relevance = true): PlannedQuery {
    const sort = relevance ? { relevance: 'DESC' } : this.sort();
    return this.add('search', `${label} "${search}" ${Object.entries(sort)[0]!.join(' ')}`, 'CatalogListing', {
      search,
      ...(filter ? { filter } : {}),
      sort,
      ...this.paging(),
    });
  }

  searches(): void {
    const words = this.nameWords();
    for (let i = 0; i < 6; i++) {
      const query = this.search('search word', this.pick.one(words).toLowerCase(), undefined, i % 2 === 0);
      if (i === 5) this.pastEnd.add(query);
    }
    for (let i = 0; i < 5; i++)
      this.search('search prefix', this.pick.one(words).slice(0, this.pick.int(3, 4)).toLowerCase());
    for (let i = 0; i < 4; i++) {
      const name = this.pick.one(this.facts.products).name.split(/\s+/);
      const at = this.pick.int(0, Math.max(0, name.length - 2));
      this.search('search two words', name.slice(at, at + 2).join(' '));
    }
    for (const nothing of ['zyxwvut', 'qqqq', 'xylophonequartz']) this.search('search no match', nothing);
    for (let i = 0; i < 3; i++) {
      const word = this.pick.one(words);
      this.search(
        'search mixed case',
        [...word].map((c, j) => (j % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join(''),
      );
    }
    for (let i = 0; i < 4; i++) {
      const category = this.category(i);
      const inCategory = this.facts.listings.get(category.uid)?.products.items ?? [];
      const word = inCategory.length > 0 ? this.pick.one(inCategory).name.split(/\s+/).at(-1)! : this.pick.one(words);
      this.search(`search in ${category.name}`, word, { category_uid: { eq: category.uid } }, i % 2 === 0);
    }
  }

  details(): void {
    const simple = this.facts.products.filter((p) => p.__typename === 'SimpleProduct');
    const configurable = this.facts.products.filter((p) => p.__typename === 'ConfigurableProduct');
    const chosen = [...this.pick.some(simple, 8), ...this.pick.some(configurable, 8)];
    // Fewer of one type (a catalog without configurables) is made up by the other.
    const rest = this.facts.products.filter((p) => !chosen.includes(p));
    chosen.push(...this.pick.some(rest, 16 - chosen.length));
    for (const product of chosen)
      this.add('detail', `product ${product.__typename} ${product.sku}`, 'ProductPage', { urlKey: product.url_key });
    for (const missing of ['no-such-product', 'absent-product-404', `${chosen[0]?.url_key ?? 'x'}-gone`, 'ZZZ'])
      this.add('detail', `product missing ${missing}`, 'ProductPage', { urlKey: missing });
  }
}

/** 100 queries: 55 listings, 25 searches, 20 product pages; exactly the same list for the same answers. */
function planCatalog(catalog: CatalogName, facts: CatalogFacts): QueryPlanner {
  const planner = new QueryPlanner(catalog, facts, catalog === 'demo' ? 14_001 : 14_002);
  planner.categoriesOnly(14);
  planner.attributeFilters(10, 'eq');
  planner.attributeFilters(8, 'in');
  planner.attributeFilters(8, 'two');
  planner.priceRanges(15);
  planner.searches();
  planner.details();
  if (planner.queries.length !== QUERIES_PER_CATALOG)
    throw new Error(`planning ${catalog}: ${planner.queries.length} queries, not ${QUERIES_PER_CATALOG}`);
  return planner;
}

/**
 * Brings each listing's page within its pages (asking page 3 of a one-page listing only compares
 * Magento's "greater than the pages available" error), except the few asked past the end on purpose.
 */
async function settlePages(base: string, listingDocument: string, planner: QueryPlanner): Promise<void> {
  for (const query of planner.queries) {
    if (query.operation !== 'CatalogListing') continue;
    const first = await planningQuery<Listing>(base, listingDocument, { ...query.variables, currentPage: 1 });
    const pageSize = query.variables.pageSize as number;
    const pages = Math.max(1, Math.ceil(first.products.total_count / pageSize));
    const page = planner.pastEnd.has(query) ? pages + 1 : Math.min(query.variables.currentPage as number, pages);
    query.variables.currentPage = page;
    query.label += ` p${page}/${pageSize}`;
  }
}

async function buildPlan(root: string, sources: Sources, port: number): Promise<Plan> {
  const listingDocument = await storefrontDocument('CatalogListing');
  const queries: PlannedQuery[] = [];
  for (const catalog of ['demo', 'large'] as const) {
    const planned = await withServer(root, catalog, sources, port, async (base) => {
      const planner = planCatalog(catalog, await learnCatalog(root, base, listingDocument));
      await settlePages(base, listingDocument, planner);
      return planner.queries;
    });
    queries.push(...planned);
  }
  return { createdAt: new Date().toISOString(), plannedWith: { root, head: gitHead(root) }, sources, queries };
}

// ---------------------------------------------------------------------------------------------
// Comparison

/** Up to `limit` paths where two answers differ, each with both values shortened. */
function structuralDiff(a: unknown, b: unknown, at = '$', out: string[] = [], limit = 12): string[] {
  if (out.length >= limit) return out;
  const show = (v: unknown) => {
    const text = JSON.stringify(v);
    return text === undefined ? 'absent' : text.length > 160 ? `${text.slice(0, 157)}…` : text;
  };
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${at}: length ${a.length} → ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) structuralDiff(a[i], b[i], `${at}[${i}]`, out, limit);
  } else if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys)
      structuralDiff(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}.${key}`,
        out,
        limit,
      );
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push(`${at}: ${show(a)} → ${show(b)}`);
  }
  return out;
}

function answerSkus(answer: unknown): string[] {
  const items = (answer as { data?: ListingData | null }).data?.products?.items ?? [];
  return items.map((item) => item?.sku ?? '?');
}

/** A listing's items in one line: the same products in another order reads differently from other products. */
function itemsNote(a: unknown, b: unknown): string | null {
  const [skusA, skusB] = [answerSkus(a), answerSkus(b)];
  if (skusA.join() === skusB.join()) return null;
  const onlyA = skusA.filter((sku) => !skusB.includes(sku));
  const onlyB = skusB.filter((sku) => !skusA.includes(sku));
  if (onlyA.length === 0 && onlyB.length === 0)
    return `items: the same ${skusA.length} skus, reordered: ${skusA.join(' ')} → ${skusB.join(' ')}`;
  return `items: only in a: ${onlyA.join(' ') || '-'}; only in b: ${onlyB.join(' ') || '-'}`;
}

function readAnswer(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { missingAnswerFile: file };
}

function compareCommand(args: string[]): number {
  const [fileA, fileB] = args;
  if (!fileA || !fileB) throw new Error('usage: snapshot.ts compare <a.json> <b.json>');
  const a = JSON.parse(readFileSync(fileA, 'utf8')) as Snapshot;
  const b = JSON.parse(readFileSync(fileB, 'utf8')) as Snapshot;
  console.log(`a: ${a.root} at ${a.head} (answers in ${a.answersDir})`);
  console.log(`b: ${b.root} at ${b.head} (answers in ${b.answersDir})`);
  for (const side of [a, b])
    if (side.uncommitted?.length)
      console.log(`note: ${side.root} had uncommitted changes: ${side.uncommitted.join(', ')}`);
  for (const catalog of ['demo', 'large'] as const)
    if (a.sources[catalog]?.sha256 !== b.sources[catalog]?.sha256)
      console.log(`note: the ${catalog} catalogs are different files (or seeded by each checkout)`);
  if (a.queries.length !== b.queries.length)
    throw new Error(`different plans: ${a.queries.length} and ${b.queries.length} queries`);
  const counts = new Map<string, { match: number; differ: number }>();
  let differences = 0;
  for (const [i, qa] of a.queries.entries()) {
    const qb = b.queries[i]!;
    if (qa.label !== qb.label || JSON.stringify(qa.variables) !== JSON.stringify(qb.variables))
      throw new Error(`different plans at query ${i}: ${qa.label} / ${qb.label}`);
    const key = `${qa.catalog} ${qa.kind}`;
    const count = counts.get(key) ?? { match: 0, differ: 0 };
    counts.set(key, count);
    if (qa.sha256 === qb.sha256) {
      count.match++;
      continue;
    }
    count.differ++;
    differences++;
    console.log(`\n✗ #${i} ${qa.catalog} ${qa.kind}: ${qa.label}`);
    console.log(`  variables: ${JSON.stringify(qa.variables)}`);
    console.log(`  a: ${JSON.stringify(qa.summary)}\n  b: ${JSON.stringify(qb.summary)}`);
    console.log(`  diff ${qa.answerFile} ${qb.answerFile}`);
    const [answerA, answerB] = [readAnswer(qa.answerFile), readAnswer(qb.answerFile)];
    const note = itemsNote(answerA, answerB);
    if (note) console.log(`  ${note}`);
    for (const line of structuralDiff(answerA, answerB)) console.log(`    ${line}`);
  }
  console.log('\ncatalog kind      match differ');
  for (const [key, count] of [...counts.entries()].sort())
    console.log(`${key.padEnd(17)} ${String(count.match).padStart(5)} ${String(count.differ).padStart(6)}`);
  console.log(`${a.queries.length - differences} of ${a.queries.length} answers identical`);
  return differences === 0 ? 0 : 1;
}

await main();
