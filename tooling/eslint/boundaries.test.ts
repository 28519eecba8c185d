// Breaking an import boundary must fail the lint: each case lints a snippet as if it stood at a
// real path in the repository, with the project's own ESLint configuration.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

// Type-aware linting reads files from disk, so each probe is written where it claims to stand and
// removed right after.
async function messagesFor(file: string, code: string, rule = 'vela/boundaries'): Promise<string[]> {
  const probe = path.join(root, file.replace(/Probe\.ts$/, `Probe${process.pid}.ts`));
  mkdirSync(path.dirname(probe), { recursive: true });
  writeFileSync(probe, code);
  try {
    const [result] = await eslint.lintFiles([probe]);
    const fatal = result?.messages.find((m) => m.fatal);
    if (fatal) throw new Error(`could not lint the probe: ${fatal.message}`);
    return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
  } finally {
    rmSync(probe, { force: true });
  }
}

describe('import boundaries', () => {
  it('a feature importing another feature fails; importing shared passes', async () => {
    expect(
      await messagesFor(
        'storefront/app/features/cart/Probe.ts',
        "import { x } from '../checkout/probe';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining('A feature never imports another feature')]);
    expect(
      await messagesFor(
        'storefront/app/features/cart/Probe.ts',
        "import { x } from '../../shared/probe';\nexport const y = x;\n",
      ),
    ).toEqual([]);
  });

  it('the shared layer cannot reach up into features, and ui cannot reach data', async () => {
    expect(
      await messagesFor(
        'storefront/app/shared/Probe.ts',
        "import { x } from '../features/cart/probe';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
    expect(
      await messagesFor('storefront/app/ui/Probe.ts', "import { x } from '../data/probe';\nexport const y = x;\n"),
    ).toHaveLength(1);
  });

  it('the storefront never imports commerce, by name or by path', async () => {
    expect(
      await messagesFor('storefront/app/data/Probe.ts', "import { x } from '@vela/commerce';\nexport const y = x;\n"),
    ).toHaveLength(1);
    expect(
      await messagesFor(
        'storefront/app/data/Probe.ts',
        "import { x } from '../../../commerce/src/commerce';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
  });

  it('commerce is imported through its entry only', async () => {
    expect(
      await messagesFor('server/src/Probe.ts', "import { x } from '@vela/commerce/commerce';\nexport const y = x;\n"),
    ).toHaveLength(1);
    expect(
      await messagesFor('server/src/Probe.ts', "import { x } from '@vela/commerce';\nexport const y = x;\n"),
    ).toEqual([]);
  });

  it('domains reach each other through services and views only; the kernel never imports a domain', async () => {
    expect(
      await messagesFor(
        'commerce/src/domains/sales/Probe.ts',
        "import { x } from '../cart/cartResolvers';\nexport const y = x;\n",
      ),
    ).toEqual([expect.stringContaining('only through their services and views')]);
    expect(
      await messagesFor(
        'commerce/src/domains/sales/Probe.ts',
        "import { x } from '../cart/cartService';\nexport const y = x;\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'commerce/src/domains/sales/Probe.ts',
        "import { x } from '../cart/cartView';\nexport const y = x;\n",
      ),
    ).toEqual([]);
    expect(
      await messagesFor(
        'commerce/src/kernel/Probe.ts',
        "import { x } from '../domains/cart/cartService';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
  });
});

describe('import cycles', () => {
  const dir = mkdtempSync(path.join(root, 'commerce/src/kernel/cycle-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two modules importing each other fail the lint', async () => {
    writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = (): number => b();\n");
    writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = (): number => a();\n");
    const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});
