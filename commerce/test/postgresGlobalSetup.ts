// Global set-up of the commerce-postgres project: use TEST_POSTGRES_URL when it is set (CI starts
// the cluster around `npm test`), else start a throwaway cluster with scripts/with-postgres.sh for
// the length of the run. Without PostgreSQL binaries the run fails: it must never skip silently.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const SCRIPT = fileURLToPath(new URL('../../scripts/with-postgres.sh', import.meta.url));

let cluster: ChildProcess | null = null;

function startCluster(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(SCRIPT, ['--serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
    cluster = child;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /^TEST_POSTGRES_URL=(.+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(
        new Error(
          `scripts/with-postgres.sh exited with ${code}: the commerce-postgres tests need PostgreSQL (set TEST_POSTGRES_URL or install postgresql-15)`,
        ),
      ),
    );
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_POSTGRES_URL || (await startCluster());
  project.provide('postgresUrl', url);
  return async () => {
    const child = cluster;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // Closing its stdin makes the script stop the cluster and delete its directory.
    child.stdin!.end();
    await exited;
  };
}
