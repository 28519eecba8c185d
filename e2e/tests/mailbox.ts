import { readFile, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The order e-mail in the server's outbox ($VAR_DIR/mail). The run's var dir is a fresh tmp dir. */
export async function findOrderMail(orderNumber: string, email: string): Promise<string | null> {
  const roots = process.env.E2E_VAR_DIR
    ? [process.env.E2E_VAR_DIR]
    : (await readdir(os.tmpdir()))
        .filter((name) => name.startsWith('vela-e2e-'))
        .map((name) => path.join(os.tmpdir(), name));
  for (const root of roots) {
    const mailDir = path.join(root, 'mail');
    const files = await readdir(mailDir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const full = path.join(mailDir, file);
      if (!(await stat(full)).isFile()) continue;
      const text = await readFile(full, 'utf8');
      if (text.includes(orderNumber) && text.includes(email)) return text;
    }
  }
  return null;
}

function decodeQuotedPrintable(text: string): string {
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
