#!/usr/bin/env node
// Makes the in-repository copy of the Magento 2.4.7 reference schema that the tests compare against.
// The shared reference carries Adobe's descriptions; the copy keeps only what a compatibility check
// needs (names, types, arguments, default values, enum values, interfaces, directives and their
// deprecation reasons), so no Adobe prose lands in this repository.
//
//   node scripts/reduce-magento-schema.mjs [SOURCE] [TARGET]
//
// SOURCE defaults to ../shared/reference/magento-2.4.7-oss.graphql beside the repository,
// TARGET to commerce/test/reference/magento-2.4.7-oss.names.graphql.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, print, visit } from 'graphql';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(process.argv[2] ?? path.join(repoRoot, '../shared/reference/magento-2.4.7-oss.graphql'));
const target = path.resolve(
  process.argv[3] ?? path.join(repoRoot, 'commerce/test/reference/magento-2.4.7-oss.names.graphql'),
);

const document = parse(readFileSync(source, 'utf8'), { noLocation: true });
const reduced = visit(document, {
  enter(node) {
    if ('description' in node && node.description) return { ...node, description: undefined };
    return undefined;
  },
});

const header = [
  '# Magento Open Source 2.4.7 storefront schema, reduced to names and types (no descriptions).',
  '# Made by scripts/reduce-magento-schema.mjs from the shared reference; do not edit by hand.',
  '',
].join('\n');
writeFileSync(target, `${header}${print(reduced)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)} from ${source}`);
