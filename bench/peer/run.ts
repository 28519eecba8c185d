// `npm run bench -- peer` (issue 14): Vela beside Vendure on the same four storefront operations,
// at two catalog sizes, in interleaved rounds, and bench/results/peer.md. Each server runs pinned
// to core 1 with nothing else there but the other, idle, server; this process, which generates
// the load, is pinned to core 0. Everything it starts and every temporary folder goes away at the
// end, also when a run fails.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stockUpSimpleProducts } from '../checkout';
import { rssMibOf } from '../lib/procStats';
import { run, startProcess, stopProcess } from '../lib/processes';
import { storefrontDocument } from '../lib/storefrontDocument';
import { runLoad, type Operation, type RunFigures } from './load';
import { OPERATION_NAMES, velaWorkload, vendureWorkload, type OperationName } from './operations';
import { peerReport, type CatalogResult, type Timings } from './report';
import { installVendure, startVendure, vendureDatabase, VENDURE_VERSION } from './vendure';

const settings = {
  rounds: Number(process.env.BENCH_PEER_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_PEER_WARMUP_SECONDS ?? 2),
  connections: Number(process.env.BENCH_PEER_CONNECTIONS ?? 10),
  products: Number(process.env.BENCH_PEER_PRODUCTS ?? 10_000),
};
export type PeerSettings = typeof settings;

/** The servers' core (`taskset -c 1`); the load generator keeps to core 0. */
const SERVER_CORE = 1;
const PORTS = { vela: 4601, vendure: 4602, vendureSeed: 4690 };

/** Pins this process (all its threads) to `cores`: the load generator stays off the servers' core. */
function pinSelf(cores: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
}

const allCores = `0-${os.cpus().length - 1}`;

const seconds = (since: number) => (Date.now() - since) / 1000;

/** The Vela API alone (bench/apiServer.ts) on the database at `sqlitePath`, pinned to core 1. */
function startVela(root: string, sqlitePath: string, pin: boolean): Promise<ChildProcess> {
  const node = [process.execPath, '--import', 'tsx', 'bench/apiServer.ts', sqlitePath, String(PORTS.vela)];
  const [command, ...args] = pin ? ['taskset', '-c', '1', ...node] : node;
  return startProcess(command!, args, {
    cwd: root,
    readyText: 'ready',
    timeoutMs: 600_000,
    // Like for like: Vendure has no whole-response cache, so Vela's is off.
    env: { VELA_RESPONSE_CACHE: 'off', VELA_MAIL_DIR: path.join(path.dirname(sqlitePath), 'mail') },
  });
}

/**
 * Vela's database: the demo catalog (seeded by the API's first start) or a generated one
 * (commerce/src/cli.ts generate, as `npm run bench -- api` makes it). Stock is raised so the
 * cart run never sells out.
 */
async function prepareVela(root: string, dir: string, products: number | 'demo'): Promise<string> {
  const sqlitePath = path.join(dir, 'vela.db');
  if (products === 'demo') {
    await stopProcess(await startVela(root, sqlitePath, false));
  } else {
    await run(
      process.execPath,
      ['--import', 'tsx', 'commerce/src/cli.ts', 'generate', '--products', String(products), '--sqlite', sqlitePath],
      root,
    );
  }
  stockUpSimpleProducts(sqlitePath);
  return sqlitePath;
}

interface Server {
  name: 'Vela' | 'Vendure';
  process: ChildProcess;
  base: string;
  operations: Operation[];
}

/** One round of one server: every operation, a short warm-up, then the measured run. */
async function serverRound(server: Server): Promise<Map<OperationName, RunFigures>> {
  const figures = new Map<OperationName, RunFigures>();
  for (const operation of server.operations) {
    const options = { connections: settings.connections, serverPid: server.process.pid!, serverCore: SERVER_CORE };
    if (settings.warmupSeconds > 0)
      await runLoad(server.base, operation, { ...options, seconds: settings.warmupSeconds });
    const measured = await runLoad(server.base, operation, { ...options, seconds: settings.seconds });
    console.log(
      `  ${server.name} ${operation.name}: ${measured.requestsPerSecond.toFixed(0)} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.cpuMsPerRequest.toFixed(2)} CPU-ms/request, others on its core ${(measured.othersOnCore * 100).toFixed(0)} %`,
    );
    figures.set(operation.name as OperationName, measured);
  }
  return figures;
}

export async function benchPeer(root: string): Promise<void> {
  const started = Date.now();
  const timings: Timings = {
    installSeconds: 0,
    velaSeedSeconds: 0,
    vendureSeed: [],
    roundsSeconds: 0,
    totalSeconds: 0,
    loadAverage: { start: os.loadavg()[0]!, end: 0 },
  };
  const work = mkdtempSync(path.join(os.tmpdir(), 'vela-peer-'));
  const running = new Set<ChildProcess>();
  // Ctrl-C: stop the servers and remove the folders before leaving.
  const onSignal = () => {
    for (const child of running) child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(`installing Vendure ${VENDURE_VERSION} into ${work}/vendure…`);
    const install = await installVendure(root, path.join(work, 'vendure'));
    timings.installSeconds = install.seconds;
    const documents = {
      listing: await storefrontDocument(root, 'CatalogListing'),
      product: await storefrontDocument(root, 'ProductPage'),
      addToCart: await storefrontDocument(root, 'CartAddProducts'),
      cart: await storefrontDocument(root, 'CartDetails'),
      createCart: await storefrontDocument(root, 'CartCreate'),
    };
    const catalogs = [
      { label: "demo / Vendure's sample data", vela: 'demo' as const, vendure: 'sample' as const },
      {
        label: `${settings.products.toLocaleString('en')} products each`,
        vela: settings.products,
        vendure: settings.products,
      },
    ];
    const results: CatalogResult[] = [];
    for (const [index, catalog] of catalogs.entries()) {
      const dir = path.join(work, `catalog-${index}`);
      mkdirSync(dir, { recursive: true });
      console.log(`${catalog.label}: preparing Vela's database…`);
      let t = Date.now();
      const velaDb = await prepareVela(root, dir, catalog.vela);
      timings.velaSeedSeconds += seconds(t);
      console.log(`${catalog.label}: preparing Vendure's database…`);
      const vendureDb = await vendureDatabase(root, install, catalog.vendure, dir, PORTS.vendureSeed);
      timings.vendureSeed.push({ catalog: catalog.label, seconds: vendureDb.seedSeconds, cached: vendureDb.cached });

      t = Date.now();
      // From here to the end of the rounds, the load generator keeps to core 0 (setup used both).
      pinSelf('0');
      const velaProcess = await startVela(root, velaDb, true);
      running.add(velaProcess);
      const vendureProcess = await startVendure(install, vendureDb, PORTS.vendure);
      running.add(vendureProcess);
      try {
        const velaBase = `http://127.0.0.1:${PORTS.vela}`;
        const vendureBase = `http://127.0.0.1:${PORTS.vendure}`;
        const vela = await velaWorkload(velaBase, documents, settings.connections);
        const vendure = await vendureWorkload(vendureBase, settings.connections);
        const servers: Server[] = [
          { name: 'Vela', process: velaProcess, base: velaBase, operations: vela.operations },
          { name: 'Vendure', process: vendureProcess, base: vendureBase, operations: vendure.operations },
        ];
        const rounds: CatalogResult['rounds'] = [];
        for (let round = 1; round <= settings.rounds; round++) {
          // Alternate who goes first, so neither always runs on a warmer (or more tired) machine.
          const order = round % 2 === 1 ? servers : [...servers].reverse();
          const figures: Partial<Record<Server['name'], Map<OperationName, RunFigures>>> = {};
          for (const server of order) {
            console.log(`${catalog.label}, round ${round}: ${server.name}`);
            figures[server.name] = await serverRound(server);
          }
          rounds.push({ vela: figures.Vela!, vendure: figures.Vendure! });
        }
        results.push({
          catalog: catalog.label,
          rounds,
          work: { vela: vela.work, vendure: vendure.work },
          rssMib: { vela: rssMibOf(velaProcess.pid!), vendure: rssMibOf(vendureProcess.pid!) },
        });
        timings.roundsSeconds += seconds(t);
      } finally {
        for (const child of [velaProcess, vendureProcess]) {
          await stopProcess(child);
          running.delete(child);
        }
        pinSelf(allCores);
      }
    }
    timings.totalSeconds = seconds(started);
    timings.loadAverage.end = os.loadavg()[0]!;
    const report = peerReport({ settings, timings, versions: install.versions, results, operations: OPERATION_NAMES });
    const file = path.join(root, 'bench', 'results', 'peer.md');
    writeFileSync(file, report);
    console.log(report);
    console.log(`written to ${file}`);
  } finally {
    for (const child of running) await stopProcess(child);
    rmSync(work, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    pinSelf(allCores);
  }
}
