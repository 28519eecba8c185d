import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';
import { expectWritable, expectWritesRefused } from './writeFailure';

// Issue 28, defect 13: on a full disk /readyz said ready while every cart and order write failed
// with "Unexpected error.". Here the server process may not grow any file (RLIMIT_FSIZE 0: every
// write to the database's WAL fails, as on a full disk), reads still work.

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
}, 60_000);
afterAll(async () => server?.dispose());

function limitFileSize(limit: string): void {
  execFileSync('prlimit', ['--pid', String(server.child.pid), `--fsize=${limit}`]);
}

describe('a SQLite shop whose disk is full', () => {
  it('is not ready and tells shoppers to try again; once writes work it is ready again', async () => {
    await expectWritable(server.origin);
    limitFileSize('0:unlimited');
    try {
      await expectWritesRefused(server.origin);
    } finally {
      limitFileSize('unlimited:unlimited');
    }
    await expectWritable(server.origin);
  }, 60_000);
});
