// The storefront, the back office and the server each keep a copy of the e-mail rule (none of them
// may import the others); the copies must be the same text, so the three cannot drift apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COPIES = [
  'storefront/app/shared/emailAddress.ts',
  'backoffice/src/common/emailAddress.ts',
  'commerce/src/kernel/emailAddress.ts',
];

function ruleIn(file: string): string {
  const text = readFileSync(path.join(root, file), 'utf8');
  const rule = /\/\/ <email-rule>[\s\S]*?\/\/ <\/email-rule>/.exec(text)?.[0];
  if (!rule) throw new Error(`${file} has no <email-rule> block`);
  return rule;
}

describe('the e-mail rule', () => {
  it('is the same text in the storefront, the back office and commerce', () => {
    const [first, ...others] = COPIES.map(ruleIn);
    for (const [index, other] of others.entries()) expect(other, COPIES[index + 1]).toBe(first);
  });
});
