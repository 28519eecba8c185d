// Issue 28: `npm start` ran the one server process unsupervised, so a shop that ran out of heap
// stayed down. Now scripts/start.mjs runs the shop as a child and starts it again when it dies.
import { afterEach, describe, expect, it } from 'vitest';
import { commandLine, descendants, startNpmStart, type NpmStartProcess } from './npmStartProcess';

let shop: NpmStartProcess | undefined;
afterEach(async () => {
  await shop?.dispose();
  shop = undefined;
});

async function readyAnswer(origin: string): Promise<number> {
  try {
    return (await fetch(`${origin}/readyz`)).status;
  } catch {
    return 0;
  }
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('npm start with one worker', () => {
  it('starts the shop again after its process is killed, and still stops cleanly', async () => {
    shop = await startNpmStart({ SEED_DEMO: 'false' });
    const [first] = descendants(shop.child.pid!);
    expect(commandLine(first!)).toMatch(/server\/dist\/main\.mjs$/);
    expect(await readyAnswer(shop.origin)).toBe(200);

    process.kill(first!, 'SIGKILL');
    const second = await waitFor('a new shop process', () => {
      const [pid] = descendants(shop!.child.pid!);
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(commandLine(second)).toMatch(/server\/dist\/main\.mjs$/);
    await waitFor('the shop to answer again', async () =>
      (await readyAnswer(shop!.origin)) === 200 ? true : undefined,
    );
    expect(shop.output()).toContain(`the shop process ${first} died (SIGKILL); starting it again`);
    expect(shop.output().match(/shop open at/g)).toHaveLength(2);

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toEqual({ code: 0, signal: null });
    expect(shop.output()).toMatch(/"msg":"stopped"/);
  }, 120_000);

  it('a shop whose supervisor is killed outright stops instead of holding the port', async () => {
    shop = await startNpmStart({ SEED_DEMO: 'false' });
    const [pid] = descendants(shop.child.pid!);
    shop.child.kill('SIGKILL');
    await waitFor('the shop process to stop', () => (commandLine(pid!) === '' ? true : undefined), 30_000);
    expect(await readyAnswer(shop.origin)).toBe(0);
  }, 120_000);

  it('does not restart a shop that could not open: the settings error once, exit 1', async () => {
    shop = await startNpmStart({ WORKERS: 'many' }, { opened: false });
    expect(await shop.exited).toEqual({ code: 1, signal: null });
    expect(shop.output().match(/WORKERS must be a whole number/g)).toHaveLength(1);
  }, 120_000);
});
