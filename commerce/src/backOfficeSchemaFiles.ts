import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The back office's SDL files. This module sits at the root of src/ so that the same relative
// address holds in the sources and in the server's bundle, which is one file at the root of
// server/dist with the SDL copied beside it (scripts/build-server.mjs).
const SCHEMA_DIR = fileURLToPath(new URL('./backOffice/schema/', import.meta.url));

export function backOfficeTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(`${SCHEMA_DIR}${file}`, 'utf8'));
}
