// Prints the commerce schema as one SDL document, for tools that want a single file,
// e.g. the Magento operation checker that ships with the reference schema, or GraphQL code generators:
//   npx tsx commerce/src/schema/printSchema.ts [out.graphql]
// The files are concatenated in name order, as the server loads them, and built with
// graphql-js so that an invalid schema fails here rather than in the printed file.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, printSchema } from 'graphql';

const schemaDir = path.dirname(fileURLToPath(import.meta.url));
const sdl = readdirSync(schemaDir)
  .filter((file) => file.endsWith('.graphql'))
  .sort()
  .map((file) => readFileSync(path.join(schemaDir, file), 'utf8'))
  .join('\n');
const printed = `${printSchema(buildSchema(sdl))}\n`;

const target = process.argv[2];
if (target) writeFileSync(target, printed);
else process.stdout.write(printed);
