// Brotli (quality 11) and gzip copies of the hashed build output, made once at build time so the
// server never spends request time compressing the framework chunk (serveStatic `precompressed`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assetsDir = path.resolve(process.env.STOREFRONT_BUILD_DIR ?? 'build', 'client', 'assets');
const COMPRESSIBLE = /\.(js|css|svg|json|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of await readdir(assetsDir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assetsDir, name);
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
  before += body.length;
  after += br.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
