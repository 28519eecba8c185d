// Where the two schemas under comparison come from.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import type { GraphQLSchema } from 'graphql';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const schemaDir = path.join(repoRoot, 'commerce/src/schema');
// CI clones the repository with shared/ beside it, as on the development machines.
export const referencePath = path.resolve(repoRoot, '../shared/reference/magento-2.4.7-oss.graphql');

/** Our SDL files in the order the server concatenates them. */
export function ourSdlFiles(): string[] {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => path.join(schemaDir, f));
}

export function buildOurSchema(): GraphQLSchema {
  const sdl = ourSdlFiles().map((f) => readFileSync(f, 'utf8')).join('\n');
  return buildSchema(sdl, { assumeValidSDL: false });
}

export function buildReferenceSchema(): GraphQLSchema {
  if (!existsSync(referencePath)) {
    throw new Error(`Magento reference schema not found at ${referencePath}; the shared/ folder must sit beside the repository`);
  }
  return buildSchema(readFileSync(referencePath, 'utf8'));
}
