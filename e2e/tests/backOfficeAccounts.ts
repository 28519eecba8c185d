// Helpers of the back-office journeys: a staff account made with `npm run vela -- admin:create` on
// the test server's data, signing in with the password and the authenticator code, and axe.
import AxeBuilder from '@axe-core/playwright';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDatabaseUrl } from './e2eDatabase';
import { type Page, animationsSettled, expect } from './fixtures';
import { freshTotp } from './totp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface StaffAccount {
  email: string;
  name: string;
  password: string;
  role?: 'owner' | 'staff' | 'viewer';
}

/**
 * axe (WCAG 2.1 A and AA) finds nothing on the page as it is now; `state` names it in the failure.
 * `exclude`: selectors left out, such as a sandboxed frame without scripts, where axe cannot run
 * (it waits for the frame's script context for ever).
 */
export async function expectNoViolations(page: Page, state: string, exclude: readonly string[] = []): Promise<void> {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const described = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  expect(described, state).toEqual([]);
}

/** `npm run vela -- admin:create`, on the test server's data (its VAR_DIR, or `varDir`), password on stdin. */
export function createStaffAccount(
  account: StaffAccount,
  varDir = process.env.E2E_VAR_DIR,
  // The main shop's database on a PostgreSQL run (E2E_DATABASE=postgres); a card shop passes its own.
  databaseUrl = e2eDatabaseUrl('main'),
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      [
        'run',
        '-s',
        'vela',
        '--',
        'admin:create',
        account.email,
        '--name',
        account.name,
        '--role',
        account.role ?? 'owner',
        '--password-stdin',
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          VAR_DIR: varDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`admin:create exited ${code}: ${output}`)),
    );
    child.stdin.end(`${account.password}\n`);
  });
}

/**
 * Signs in at /admin/sign-in. An account without an authenticator that must have one (an owner)
 * enrols it on the way; pass `secret` for one that has. Returns the authenticator's secret, if any.
 */
export async function signInToBackOffice(page: Page, account: StaffAccount, secret?: string): Promise<string | null> {
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const enrol = page.getByRole('heading', { level: 1, name: 'Set up your authenticator' });
  const code = page.getByRole('heading', { level: 1, name: 'Enter your code' });
  const signedIn = page.getByRole('button', { name: 'Sign out' });
  await expect(enrol.or(code).or(signedIn)).toBeVisible();
  if (await enrol.isVisible()) {
    const enrolled = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(await freshTotp(enrolled));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(signedIn).toBeVisible();
    return enrolled;
  }
  if (await code.isVisible()) {
    if (!secret) throw new Error(`${account.email} has an authenticator: pass its secret`);
    await page.getByLabel('6-digit code').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(signedIn).toBeVisible();
  }
  return secret ?? null;
}
