#!/usr/bin/env node
// Extracts every GraphQL operation Venia sends from its published packages, as test data for the
// compatibility tests (commerce/test/clientCompat/veniaOperations.test.ts).
//
//   node scripts/extract-venia-operations.mjs [VERSION] [TARGET]
//
// VERSION is @magento/venia-concept's (default 14.5.1): the storefront a shop installs. Its
// package.json names the versions of the packages holding the operations (@magento/venia-ui,
// @magento/peregrine, @magento/pagebuilder); each is fetched with `npm pack` into a temporary
// folder, never installed. Operations are the gql`…` templates of their lib/ folders (tests and
// mocks left out); `${Fragment}` interpolations are dropped and each operation gets the fragments
// it spreads, from its own file first, then its package, then any. A file named *.ee.js is
// Venia's Adobe Commerce variant, *.ce.js its Open Source one; `edition` records which.
// TARGET defaults to commerce/test/clientCompat/venia/venia-<VERSION>.operations.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit } from 'graphql';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = process.argv[2] ?? '14.5.1';
const target = path.resolve(
  process.argv[3] ?? path.join(repoRoot, `commerce/test/clientCompat/venia/venia-${version}.operations.json`),
);
const PACKAGES = ['@magento/venia-ui', '@magento/peregrine', '@magento/pagebuilder'];

const work = mkdtempSync(path.join(os.tmpdir(), 'venia-operations-'));
try {
  /** `npm pack name@range` into the work folder, unpacked; returns the folder and exact version. */
  const unpack = (spec) => {
    const file = execFileSync('npm', ['pack', spec, '--silent'], { cwd: work, encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1);
    const dir = path.join(work, file.replace(/\.tgz$/, ''));
    mkdirSync(dir);
    execFileSync('tar', ['xzf', path.join(work, file), '-C', dir, '--strip-components=1']);
    return { dir, version: JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).version };
  };
  const concept = unpack(`@magento/venia-concept@${version}`);
  const conceptPackage = JSON.parse(readFileSync(path.join(concept.dir, 'package.json'), 'utf8'));
  const ranges = { ...conceptPackage.dependencies, ...conceptPackage.devDependencies };
  const sources = { '@magento/venia-concept': concept.version };
  const files = [];
  for (const name of PACKAGES) {
    if (!ranges[name]) throw new Error(`@magento/venia-concept@${version} does not depend on ${name}`);
    const unpacked = unpack(`${name}@${ranges[name]}`);
    sources[name] = unpacked.version;
    const walk = (dir) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) {
          if (!/^__\w+__$/.test(entry) && entry !== 'node_modules') walk(full);
        } else if (entry.endsWith('.js') && !/\.(spec|test)\.js$/.test(entry)) {
          files.push({ package: name, file: path.relative(unpacked.dir, full), text: readFileSync(full, 'utf8') });
        }
      }
    };
    walk(path.join(unpacked.dir, 'lib'));
  }

  const operations = [];
  const fragments = new Map(); // name → [{ package, file, node }]
  let unparsed = 0;
  for (const source of files) {
    for (const match of source.text.matchAll(/gql`([^`]*)`/g)) {
      let document;
      try {
        document = parse(match[1].replace(/\$\{[^}]*\}/g, ''), { noLocation: true });
      } catch {
        unparsed += 1;
        continue;
      }
      // Fields marked @client are Apollo's local state: the client never sends them.
      document = visit(document, {
        Field: (field) => (field.directives?.some((d) => d.name.value === 'client') ? null : undefined),
      });
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          const list = fragments.get(definition.name.value) ?? [];
          list.push({ package: source.package, file: source.file, node: definition });
          fragments.set(definition.name.value, list);
        } else if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) {
          operations.push({ package: source.package, file: source.file, node: definition });
        }
      }
    }
  }

  const editionOf = (file) => (/\.ee\.js$/.test(file) ? 'ee' : /\.ce\.js$/.test(file) ? 'ce' : 'any');
  /** The fragment an operation gets; the Open Source variant for an operation that is not Adobe Commerce's. */
  const fragmentFor = (name, from) => {
    const all = fragments.get(name) ?? [];
    const ownEdition = editionOf(from.file) === 'ee' ? 'ce' : 'ee';
    const list = all.some((f) => editionOf(f.file) !== ownEdition)
      ? all.filter((f) => editionOf(f.file) !== ownEdition)
      : all;
    return (
      list.find((f) => f.package === from.package && f.file === from.file) ??
      list.find((f) => f.package === from.package && path.dirname(f.file) === path.dirname(from.file)) ??
      list.find((f) => f.package === from.package) ??
      list[0]
    );
  };
  const spreads = (node) => {
    const names = [];
    visit(node, { FragmentSpread: (s) => void names.push(s.name.value) });
    return names;
  };
  const seen = new Set();
  const result = [];
  const missing = new Set();
  for (const operation of operations) {
    // An operation left with nothing to send (only local fields) never reaches the server.
    if (operation.node.selectionSet.selections.length === 0) continue;
    const used = new Map();
    const pending = spreads(operation.node).map((name) => ({ name, from: operation }));
    while (pending.length > 0) {
      const { name, from } = pending.pop();
      if (used.has(name)) continue;
      const fragment = fragmentFor(name, from);
      if (!fragment) {
        missing.add(name);
        continue;
      }
      used.set(name, fragment.node);
      pending.push(...spreads(fragment.node).map((n) => ({ name: n, from: fragment })));
    }
    const document = print({ kind: Kind.DOCUMENT, definitions: [operation.node, ...used.values()] });
    const key = `${operation.node.name.value}\n${document}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const edition = editionOf(operation.file);
    result.push({
      name: operation.node.name.value,
      kind: operation.node.operation,
      package: operation.package,
      file: operation.file,
      edition,
      document,
    });
  }
  result.sort(
    (a, b) => a.package.localeCompare(b.package) || a.file.localeCompare(b.file) || a.name.localeCompare(b.name),
  );
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${JSON.stringify({ sources, operations: result }, null, 2)}\n`);
  console.log(
    `wrote ${result.length} operations from ${JSON.stringify(sources)} to ${path.relative(process.cwd(), target)}` +
      (unparsed ? `; ${unparsed} templates were not GraphQL` : '') +
      (missing.size ? `; fragments not found: ${[...missing].join(', ')}` : ''),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
