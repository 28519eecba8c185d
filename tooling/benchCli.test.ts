import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 28, first contact: `npm run bench -- --help` printed npm's own help, the benchmark names
// were only in bench/run.ts, and an unknown name ran nothing, silently.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function bench(...args: string[]) {
  const result = spawnSync('npm', ['run', '--silent', 'bench', '--', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run bench', () => {
  it('--help prints its usage with every benchmark name and runs nothing', () => {
    const help = bench('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench/m);
    for (const name of ['api', 'checkout', 'startup', 'sitemap', 'bundle', 'lighthouse', 'mixed', 'import', 'peer'])
      expect(help.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(help.stdout).not.toMatch(/npm <command>/);
  });

  it('refuses an unknown benchmark name with the list, and runs nothing', () => {
    const unknown = bench('apii');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^unknown benchmark: apii$/m);
    expect(unknown.stderr).toMatch(/^  lighthouse /m);
  });
});
