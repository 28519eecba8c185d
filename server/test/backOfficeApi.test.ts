// The back office as an engineer meets it on a real server: the start message says how to make
// the first account, `npm run vela -- admin:create` makes it, and /admin/graphql signs it in with a
// cookie the browser keeps to /admin only, and refuses what it must.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcess';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'Long-enough-password-1';

function vela(
  args: string[],
  varDir: string,
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/vela.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', VAR_DIR: varDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

let shop: ServerProcess;

beforeAll(async () => {
  shop = await startServerProcess({ SEED_DEMO: 'false' });
}, 60_000);
afterAll(async () => shop?.dispose());

async function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${shop.origin}/admin/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': '1', ...headers },
    body: JSON.stringify(body),
  });
}

describe('the first back-office account', () => {
  it("the start message tells how to create it, with the shop's data folder and --password-stdin", () => {
    expect(shop.output()).toContain(`VAR_DIR=${shop.varDir} npm run vela -- admin:create you@example.com`);
    expect(shop.output()).toContain('--role owner --password-stdin` (it reads the password from standard input)');
  });

  it('admin:create refuses a short password and wrong usage, and creates a staff account', async () => {
    const short = await vela(
      ['admin:create', 'clerk@example.com', '--role', 'staff', '--password-stdin'],
      shop.varDir,
      'short\n',
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('The password needs at least 12 characters.');
    const usage = await vela(['admin:create', '--password-stdin'], shop.varDir, '');
    expect(usage.code).toBe(2);
    const role = await vela(
      ['admin:create', 'x@example.com', '--role', 'king', '--password-stdin'],
      shop.varDir,
      `${PASSWORD}\n`,
    );
    expect(role.code).toBe(1);
    expect(role.stderr).toContain('Unknown role "king"');
    const made = await vela(
      ['admin:create', 'clerk@example.com', '--name', 'Clara Clerk', '--role', 'staff', '--password-stdin'],
      shop.varDir,
      `${PASSWORD}\n`,
    );
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Created staff clerk@example.com');
    // No PORT or PUBLIC_URL given: it cannot know the shop's address, so it does not pretend to.
    expect(made.stdout).toContain(
      'Sign in at /admin on the shop (http://localhost:3000/admin when it runs on the default port)',
    );
    // Never the password itself on the way.
    expect(made.stdout + made.stderr).not.toContain(PASSWORD);
  }, 60_000);

  it('signs in through the running server: a cookie for /admin only, then reads as staff', async () => {
    const signIn = await post({
      query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { step csrfToken } }',
      variables: { e: 'clerk@example.com', p: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^vela_staff=[\w-]+; Path=\/admin; HttpOnly; Secure; SameSite=Strict$/);
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const body = (await signIn.json()) as { data: { signIn: { step: string; csrfToken: string } } };
    expect(body.data.signIn.step).toBe('SIGNED_IN');
    const session = cookie.split(';')[0]!;
    const me = await post({ query: '{ me { email name role } orders { totalCount } }' }, { cookie: session });
    expect(await me.json()).toEqual({
      data: { me: { email: 'clerk@example.com', name: 'Clara Clerk', role: 'STAFF' }, orders: { totalCount: 0 } },
    });
    const audit = await post({ query: '{ auditLog { totalCount } }' }, { cookie: session });
    expect(
      ((await audit.json()) as { errors: Array<{ extensions: { category: string } }> }).errors[0]!.extensions.category,
    ).toBe('graphql-authorization');
  });

  it('refuses GET, and bodies over the upload limit before reading them', async () => {
    const get = await fetch(`${shop.origin}/admin/graphql?query=%7Bme%7Bemail%7D%7D`);
    expect(get.status).toBe(405);
    // A client that announces 60 MB: the answer comes before the body is read.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${shop.origin}/admin/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(60 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.write('x'.repeat(1024));
    });
    expect(status).toBe(413);
  });

  it('introspection is off in production', async () => {
    const response = await post({ query: '{ __schema { types { name } } }' });
    const body = (await response.json()) as { errors?: unknown[] };
    expect(body.errors).toBeDefined();
  });
});

describe('the catalog export download', () => {
  const url = () => `${shop.origin}/admin/export/catalog.csv`;

  async function signInAs(email: string): Promise<string> {
    const signIn = await post({
      query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { step } }',
      variables: { e: email, p: PASSWORD },
    });
    return signIn.headers.get('set-cookie')!.split(';')[0]!;
  }

  it('refuses without a session, and to other methods, with no CSV in the answer', async () => {
    const anonymous = await fetch(url());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).toContain('Sign in to the back office');
    const forged = await fetch(url(), { headers: { cookie: 'vela_staff=not-a-session' } });
    expect(forged.status).toBe(401);
    const cookie = await signInAs('clerk@example.com');
    const posted = await fetch(url(), { method: 'POST', headers: { cookie } });
    expect(posted.status).toBe(405);
  });

  it('streams the same file the command line writes, as a download, and records who took it', async () => {
    const sample = path.join(ROOT, 'commerce/test/fixtures/catalog-sample');
    const imported = await vela(
      ['catalog:import', path.join(sample, 'products.csv'), '--images', path.join(sample, 'images')],
      shop.varDir,
      '',
    );
    expect(imported.code, imported.stderr).toBe(0);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'vela-export-'));
    try {
      const file = path.join(folder, 'catalog.csv');
      const cli = await vela(['catalog:export', file], shop.varDir, '');
      expect(cli.code, cli.stderr).toBe(0);
      const cookie = await signInAs('clerk@example.com');
      const response = await fetch(url(), { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await response.text();
      expect(body.split('\n').length).toBeGreaterThan(10);
      expect(body).toBe(readFileSync(file, 'utf8'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const db = new Database(path.join(shop.varDir, 'vela.db'), { readonly: true });
    try {
      const entries = db
        .prepare(
          "SELECT staff_email, action, client_address FROM audit_log WHERE action = 'catalog.export' ORDER BY id",
        )
        .all() as Array<{ staff_email: string; action: string; client_address: string | null }>;
      // The command line's export first (its actor is `cli`, no address), then the download with
      // the address it came from (issue 28, defect 10).
      expect(entries).toEqual([
        { staff_email: 'cli', action: 'catalog.export', client_address: null },
        {
          staff_email: 'clerk@example.com',
          action: 'catalog.export',
          client_address: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/),
        },
      ]);
    } finally {
      db.close();
    }
  }, 120_000);
});
