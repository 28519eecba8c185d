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
  // The suffix after "Probe" survives (ProbeService.ts), for rules that read a file's kind from its name.
  const probe = path.join(
    root,
    file.replace(/Probe(\w*)\.ts$/, (_, kind: string) => `Probe${process.pid}${kind}.ts`),
  );
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
      await messagesFor('ui/Probe.ts', "import { x } from '../storefront/app/data/probe';\nexport const y = x;\n"),
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

  it("commerce's test fakes are for the end-to-end journeys and the compatibility runs only", async () => {
    const fake =
      "import { startStripeFake } from '@vela/commerce/testing/stripeFake';\nexport const y = startStripeFake;\n";
    expect(await messagesFor('e2e/tests/Probe.ts', fake)).toEqual([]);
    expect(await messagesFor('scripts/compat/Probe.ts', fake)).toEqual([]);
    for (const file of ['server/src/Probe.ts', 'bench/Probe.ts'])
      expect(await messagesFor(file, fake)).toEqual([
        "Only the end-to-end journeys and the compatibility runs use commerce's test fakes ('@vela/commerce/testing/stripeFake').",
      ]);
  });

  it('a domain is entered through its front door only: from another domain, whatever the module is called', async () => {
    for (const internal of ['../cart/cartResolvers', '../cart/cartService', '../cart/cartView', '../cart/cartRecords'])
      expect(
        await messagesFor(
          'commerce/src/domains/sales/Probe.ts',
          `import { x } from '${internal}';\nexport const y = x;\n`,
        ),
        internal,
      ).toEqual([expect.stringContaining("Enter domains/cart through its front door, '../cart'")]);
    for (const door of ['../cart', '../cart/index'])
      expect(
        await messagesFor('commerce/src/domains/sales/Probe.ts', `import { x } from '${door}';\nexport const y = x;\n`),
        door,
      ).toEqual([]);
    // Inside its own folder a domain's modules see each other.
    expect(
      await messagesFor(
        'commerce/src/domains/cart/Probe.ts',
        "import { x } from './cartRecords';\nexport const y = x;\n",
      ),
    ).toEqual([]);
  });

  it('the composition root, the back office, the GraphQL runtime and the root modules use the front door too', async () => {
    for (const [file, up] of [
      ['commerce/src/domains/Probe.ts', './'],
      ['commerce/src/backOffice/Probe.ts', '../domains/'],
      ['commerce/src/backOffice/resolvers/Probe.ts', '../../domains/'],
      ['commerce/src/graphqlRuntime/Probe.ts', '../domains/'],
      ['commerce/src/Probe.ts', './domains/'],
      ['commerce/src/demo/Probe.ts', '../domains/'],
    ] as const) {
      expect(
        await messagesFor(file, `import { x } from '${up}sales/orderService';\nexport const y = x;\n`),
        file,
      ).toEqual([expect.stringContaining('Enter domains/sales through its front door')]);
      expect(await messagesFor(file, `import { x } from '${up}sales';\nexport const y = x;\n`), file).toEqual([]);
    }
  });

  it("a domain's resolvers stand above the composition root: only commerce's root mounts them", async () => {
    expect(
      await messagesFor(
        'commerce/src/Probe.ts',
        "import { x } from './domains/sales/orderResolvers';\nexport const y = x;\n",
      ),
    ).toEqual([]);
    for (const [file, up] of [
      ['commerce/src/domains/Probe.ts', './'],
      ['commerce/src/domains/cart/Probe.ts', '../'],
      ['commerce/src/backOffice/Probe.ts', '../domains/'],
    ] as const)
      expect(
        await messagesFor(file, `import { x } from '${up}sales/orderResolvers';\nexport const y = x;\n`),
        file,
      ).toEqual([expect.stringContaining('Enter domains/sales through its front door')]);
  });

  it("commerce's tests may look inside a domain", async () => {
    expect(
      await messagesFor(
        'commerce/test/Probe.ts',
        "import { x } from '../src/domains/sales/orderService';\nexport const y = x;\n",
      ),
    ).toEqual([]);
  });

  it('the kernel, db and mail never import a domain, not even through its front door', async () => {
    for (const file of ['commerce/src/kernel/Probe.ts', 'commerce/src/db/Probe.ts', 'commerce/src/mail/Probe.ts'])
      for (const specifier of ['../domains/cart/cartService', '../domains/cart'])
        expect(
          await messagesFor(file, `import { x } from '${specifier}';\nexport const y = x;\n`),
          `${file} ${specifier}`,
        ).toEqual([expect.stringContaining('sits below the domains and must not import them')]);
  });
});

describe('GraphQL stays in the GraphQL layer', () => {
  const graphql = "import { GraphQLError } from 'graphql';\nexport const y = GraphQLError;\n";
  const yoga = "import { createGraphQLError } from 'graphql-yoga';\nexport const y = createGraphQLError;\n";

  it('the kernel, db, mail and domain services never import graphql or graphql-yoga', async () => {
    for (const file of [
      'commerce/src/kernel/Probe.ts',
      'commerce/src/db/Probe.ts',
      'commerce/src/mail/Probe.ts',
      'commerce/src/domains/Probe.ts',
      'commerce/src/domains/sales/ProbeService.ts',
      'commerce/src/domains/sales/ProbeView.ts',
    ])
      for (const code of [graphql, yoga])
        expect(await messagesFor(file, code), file).toEqual([expect.stringContaining("speaks the shop's language")]);
  });

  it('resolvers, the GraphQL runtime and the back-office API may', async () => {
    for (const file of [
      'commerce/src/domains/sales/ProbeResolvers.ts',
      'commerce/src/graphqlRuntime/Probe.ts',
      'commerce/src/backOffice/Probe.ts',
    ])
      expect(await messagesFor(file, yoga), file).toEqual([]);
  });

  it('nothing below the GraphQL runtime imports it', async () => {
    const runtime = (up: string) =>
      `import { queryCostPlugin } from '${up}graphqlRuntime/queryCost';\nexport const y = queryCostPlugin;\n`;
    for (const [file, up] of [
      ['commerce/src/kernel/Probe.ts', '../'],
      ['commerce/src/db/Probe.ts', '../'],
      ['commerce/src/domains/sales/ProbeResolvers.ts', '../../'],
    ] as const)
      expect(await messagesFor(file, runtime(up)), file).toEqual([
        expect.stringContaining('sits below the GraphQL runtime'),
      ]);
    expect(await messagesFor('commerce/src/backOffice/Probe.ts', runtime('../'))).toEqual([]);
  });
});

describe('the design system and the back office', () => {
  const probe = "import { x } from 'SPECIFIER';\nexport const y = x;\n";
  const importing = (specifier: string) => probe.replace('SPECIFIER', specifier);

  it('ui imports nothing from the storefront, the back office, commerce or the server', async () => {
    for (const specifier of [
      '../storefront/app/i18n/locale',
      '../backoffice/src/api/client',
      '../commerce/src/index',
      '../server/src/main',
      '@vela/commerce',
      '@vela/storefront/app/i18n/locale',
    ])
      expect(await messagesFor('ui/Probe.ts', importing(specifier)), specifier).toEqual([
        expect.stringContaining('The design system (ui/) imports nothing'),
      ]);
    expect(await messagesFor('ui/Probe.ts', importing('./Button'))).toEqual([]);
  });

  it('the back office never imports the storefront, commerce or the server, by path or by name', async () => {
    for (const specifier of [
      '../../../storefront/app/shared/money',
      '../../../storefront/app/features/cms/CmsContent.module.css',
      '../../../commerce/src/index',
      '../../../server/src/main',
      '@vela/storefront/app/shared/money',
      '@vela/commerce',
    ])
      expect(await messagesFor('backoffice/src/pages/Probe.ts', importing(specifier)), specifier).toEqual([
        expect.stringContaining('The back office only speaks GraphQL'),
      ]);
    expect(await messagesFor('backoffice/src/pages/Probe.ts', importing('../api/client'))).toEqual([]);
  });

  it('the storefront and the back office reach ui by its name, one module at a time', async () => {
    for (const [file, uiByPath] of [
      ['storefront/app/features/cart/Probe.ts', '../../../../ui/Button'],
      ['backoffice/src/pages/Probe.ts', '../../../ui/Button'],
    ] as const) {
      expect(await messagesFor(file, importing(uiByPath)), file).toEqual([
        expect.stringContaining("Import the design system by its name, '@vela/ui/…'"),
      ]);
      expect(await messagesFor(file, importing('@vela/ui')), file).toEqual([expect.stringContaining('no barrel')]);
      expect(await messagesFor(file, importing('@vela/ui/Button')), file).toEqual([]);
    }
  });

  it('nothing else uses the design system, and the storefront never imports the back office', async () => {
    expect(await messagesFor('server/src/Probe.ts', importing('@vela/ui/Button'))).toEqual([
      expect.stringContaining('Only the storefront and the back office'),
    ]);
    expect(
      await messagesFor('storefront/app/features/cart/Probe.ts', importing('../../../../backoffice/src/api/client')),
    ).toEqual([expect.stringContaining('never imports the back office')]);
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
