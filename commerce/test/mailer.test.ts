import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 28, defect 14: on a full disk a 0-byte .eml stayed in MAIL_DIR until the retry, for any
// reader of the folder to pick up as a mail. Here a process that may not grow any file
// (RLIMIT_FSIZE 0, what a full disk does to a write) sends one mail as .eml.

const COMMERCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'vela-mailer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Sends one .eml in a child process; with `fullDisk`, after forbidding it to write file contents. */
function sendInChild(mailDir: string, fullDisk: boolean): { status: number | null; output: string } {
  const script = `
    import { execFileSync } from 'node:child_process';
    import { createMailer } from './src/mail/mailer.ts';
    const mailer = createMailer({ mailDir: ${JSON.stringify(mailDir)} });
    ${fullDisk ? "execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=0:unlimited']);" : ''}
    try {
      await mailer.send({ to: 'ada@example.com', subject: 'Order 1', html: '<p>Thanks</p>', text: 'Thanks' }, 'order-1');
      console.log('sent');
    } catch (error) {
      console.log('failed: ' + error.code);
    }`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: COMMERCE,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the .eml mailer', () => {
  it('leaves no mail file behind when the disk is full, and writes the whole file once it is not', () => {
    const mailDir = path.join(dir, 'mail');
    const full = sendInChild(mailDir, true);
    expect(full.output).toMatch(/failed: EFBIG/);
    expect(readdirSync(mailDir)).toEqual([]);

    const retried = sendInChild(mailDir, false);
    expect(retried.output).toMatch(/sent/);
    expect(readdirSync(mailDir)).toEqual(['order-1.eml']);
    expect(readFileSync(path.join(mailDir, 'order-1.eml'), 'utf8')).toMatch(/Subject: Order 1[\s\S]*Thanks/);
  });
});
