import { readFile, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The .eml files in the server's outbox ($E2E_VAR_DIR/mail; the run's var dir is a fresh tmp
 * dir), newest name first.
 */
export async function outboxFiles(): Promise<string[]> {
  const roots = process.env.E2E_VAR_DIR
    ? [process.env.E2E_VAR_DIR]
    : (await readdir(os.tmpdir()))
        .filter((name) => name.startsWith('vela-e2e-'))
        .map((name) => path.join(os.tmpdir(), name));
  const files: string[] = [];
  for (const root of roots) {
    const mailDir = path.join(root, 'mail');
    const names = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const full = path.join(mailDir, name);
      if ((await stat(full)).isFile()) files.push(full);
    }
  }
  return files;
}

/** The order e-mail to `email` that names `orderNumber`, as stored (not decoded). */
export async function findOrderMail(orderNumber: string, email: string): Promise<string | null> {
  for (const file of await outboxFiles()) {
    const text = await readFile(file, 'utf8');
    if (text.includes(orderNumber) && text.includes(email)) return text;
  }
  return null;
}

export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}/i.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** An .eml file's subject and body parts as the reader sees them (encoded words, quoted-printable, base64). */
export function readMail(raw: string): { subject: string; body: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const subject = (/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  const body = raw
    .split(/\r?\n--/)
    .map((part) => {
      const [headers = '', ...rest] = part.split(/\r?\n\r?\n/);
      const content = rest.join('\n\n');
      if (/content-transfer-encoding: base64/i.test(headers))
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding: quoted-printable/i.test(headers))
        return decodeQuotedPrintable(content.replace(/=\r?\n/g, ''));
      return content;
    })
    .join('\n');
  return { subject, body };
}
