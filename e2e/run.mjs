#!/usr/bin/env node
// Runs the Playwright journeys against a fresh shop: a free port (or E2E_PORT), a fresh var folder
// (or E2E_VAR_DIR), and that folder removed afterwards, also when a journey fails or the run is
// interrupted. Extra arguments go to `playwright test` (e.g. a file name or --grep).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const port = process.env.E2E_PORT ?? String(await freePort());
// E2E_FRONTED=1 (playwright.config.ts) starts a second shop, the backend, on a port of its own.
const backendPort = process.env.E2E_BACKEND_PORT ?? String(await freePort());
const ownVarDir = !process.env.E2E_VAR_DIR;
const varDir = process.env.E2E_VAR_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'vela-e2e-'));
const cleanUp = () => {
  if (ownVarDir) rmSync(varDir, { recursive: true, force: true });
};

const fronted = process.env.E2E_FRONTED === '1' ? ` fronting a second shop on port ${backendPort}` : '';
console.log(`e2e: shop on port ${port}${fronted}, data in ${varDir}${ownVarDir ? ' (removed afterwards)' : ''}`);
const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port, E2E_BACKEND_PORT: backendPort, E2E_VAR_DIR: varDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
