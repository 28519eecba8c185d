// The supervisor `npm start` runs the shop under: the shop is a child process, started again when
// it dies (a crash, the kernel's OOM killer, V8 out of heap), with the same crash-loop guard as
// the cluster's workers (server/src/cluster.ts). Before, `npm start` ran the server in its own
// process and nothing restarted it: a shop that ran out of heap stayed down (issue 28).
import { spawn } from 'node:child_process';

/** More deaths than this within RESTART_WINDOW_MS is a crash loop: the supervisor gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** The message a shop process sends (server/src/main.ts) once it listens. */
const OPEN_MESSAGE = 'vela:open';

/**
 * Runs `node [execArgv] entry` and keeps it running. SIGINT / SIGTERM go to the shop, which
 * drains and exits; the supervisor then exits with its code. A shop that dies before it ever
 * opened (bad settings, a port in use) is not started again: its exit code is the supervisor's.
 * Once it has opened, every death is restarted until the crash-loop guard gives up.
 */
export function supervise(entry, { log = (line) => console.error(`[vela] ${line}`) } = {}) {
  const deaths = [];
  let stopping = false;
  let opened = false;
  let child;

  const start = () => {
    child = spawn(process.execPath, [...process.execArgv, entry], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      if (message?.type === OPEN_MESSAGE) opened = true;
    });
    child.once('exit', (code, signal) => {
      if (stopping || (code === 0 && !signal)) process.exit(code ?? 0);
      if (!opened) process.exit(code ?? 1);
      const now = Date.now();
      deaths.push(now);
      while (deaths.length && deaths[0] < now - RESTART_WINDOW_MS) deaths.shift();
      if (deaths.length > MAX_RESTARTS) {
        log(`the shop process died ${deaths.length} times within a minute: giving up`);
        process.exit(1);
      }
      log(`the shop process ${child.pid} died (${signal ?? `exit code ${code}`}); starting it again`);
      start();
    });
  };

  const stop = (signal) => {
    // Ctrl-C reaches the shop from the terminal too; it stops once, whoever tells it.
    stopping = true;
    child?.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  start();
}
