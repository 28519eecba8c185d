// Lighthouse A/B: the same pages on two or more running shops, interleaved round by round, so
// a change is judged against the build before it under the same machine noise. Medians and
// every round's figures are printed; nothing is asserted (budgets live in bench/results).
//
//   npx tsx bench/lighthouseAb.ts 7 '{"old":"http://localhost:4401","new":"http://localhost:4400"}' /sage-weekender.html /
//
// Serve the old build from a worktree (git worktree add /tmp/old <commit>; link node_modules;
// npm run build; PORT=4401 node server/dist/main.mjs) beside the new one. Simulated TBT moves
// by ±100 ms between runs of the same build on this machine: use 7 or more rounds.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, figures, type LighthouseFigures } from './lighthouse';

const [roundsArg, serversArg, ...paths] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!(rounds > 0) || !serversArg || paths.length === 0) {
  console.error('usage: tsx bench/lighthouseAb.ts ROUNDS \'{"name":"http://host:port",…}\' /path [/path …]');
  process.exit(2);
}
const servers = JSON.parse(serversArg) as Record<string, string>;
const shown: Array<[string, (f: LighthouseFigures) => number]> = [
  ['score', (f) => f.performance],
  ['FCP', (f) => f.fcpMs],
  ['LCP', (f) => f.lcpMs],
  ['SI', (f) => f.speedIndexMs],
  ['TBT', (f) => f.tbtMs],
  ['CLS×1000', (f) => f.cls * 1000],
];
const results = new Map<string, LighthouseFigures[]>();

const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
try {
  // Round 0 warms each server (its caches, the service's JIT) and is not counted.
  for (let round = 0; round <= rounds; round++) {
    for (const path of paths) {
      // Alternate which server goes first, so neither always follows the other's run.
      const names = Object.keys(servers);
      for (const name of round % 2 ? names : [...names].reverse()) {
        const result = await lighthouse(servers[name] + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${servers[name]}${path}`);
        if (round === 0) continue;
        const key = `${path} ${name}`;
        results.set(key, [...(results.get(key) ?? []), figures(result.lhr)]);
      }
    }
    console.error(`round ${round} of ${rounds} done`);
  }
} finally {
  chrome.kill();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [key, runs] of results) {
  const cells = shown.map(([label, pick]) => {
    const values = runs.map(pick);
    return `${label} ${median(values).toFixed(0)} [${values.map((v) => v.toFixed(0)).join(',')}]`;
  });
  console.log(`${key.padEnd(32)} ${cells.join('  ')}`);
}
