// Where the two schemas under comparison come from.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const schemaDir = path.join(repoRoot, 'commerce/src/schema');
// Names and types only, made from the shared reference by scripts/reduce-magento-schema.mjs.
export const referencePath = path.join(repoRoot, 'commerce/test/reference/magento-2.4.7-oss.names.graphql');

/** Our SDL files in the order the server concatenates them. */
export function ourSdlFiles(): string[] {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => path.join(schemaDir, f));
}

export function buildOurSchema(): GraphQLSchema {
  const sdl = ourSdlFiles()
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  return buildSchema(sdl, { assumeValidSDL: false });
}

// Stripe's module for Adobe Commerce, whose dialect the card payment speaks (issue 30).
export const stripeReferencePath = path.join(repoRoot, 'commerce/test/reference/stripe-module-payments.names.graphql');

/** Magento 2.4.7 with the payment modules whose dialects we speak. */
export function buildReferenceSchema(): GraphQLSchema {
  return buildSchema([readFileSync(referencePath, 'utf8'), readFileSync(stripeReferencePath, 'utf8')].join('\n'));
}
