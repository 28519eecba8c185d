import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inputError } from '../domains/errors';
import { MAX_PRODUCT_IMAGES, bufferReader, imageSize, pixelBudgetRefusal } from '../domains/catalogTransfer';

// Images uploaded with a product edit wait in a folder of their own while the edit checks and
// copies them (the catalog import's image planner reads a folder), and the folder goes afterwards
// whatever happens.

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const EXTENSION = /\.(jpe?g|png|gif|webp|avif)$/i;

/** The name a file is saved under: its own, made safe, and made unique among this upload's. */
function savedName(original: string, taken: Set<string>): string {
  const base = path.basename(original.replaceAll('\\', '/'));
  const extension = EXTENSION.exec(base)?.[0];
  if (!extension) throw inputError(`"${base.slice(0, 100)}" is not a .jpg, .jpeg, .png, .gif, .webp or .avif file.`);
  const stem =
    base
      .slice(0, base.length - extension.length)
      .replace(/[^\w-]+/g, '_')
      .slice(0, 100) || 'image';
  let name = `${stem}${extension.toLowerCase()}`;
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}${extension.toLowerCase()}`;
  taken.add(name);
  return name;
}

export async function withUploadedImages<T>(
  files: readonly File[],
  work: (dir: string | undefined, names: readonly string[]) => Promise<T>,
): Promise<T> {
  if (files.length > MAX_PRODUCT_IMAGES) throw inputError(`At most ${MAX_PRODUCT_IMAGES} images can be sent at once.`);
  const taken = new Set<string>();
  const names = files.map((file) => {
    if (file.size > MAX_IMAGE_BYTES) throw inputError(`"${file.name.slice(0, 100)}" is larger than 20 MB.`);
    return savedName(file.name, taken);
  });
  if (files.length === 0) return work(undefined, names);
  const dir = await mkdtemp(path.join(tmpdir(), 'vela-product-images-'));
  try {
    for (const [i, file] of files.entries()) {
      const data = Buffer.from(await file.arrayBuffer());
      // Refused before it is stored: a small file may declare more pixels than a render can hold.
      // A file whose size cannot be read is left to the image check of the edit, which names the problem.
      const size = await imageSize(bufferReader(data));
      const refusal = size && pixelBudgetRefusal(file.name.slice(0, 100), size);
      if (refusal) throw inputError(`${refusal}.`);
      await writeFile(path.join(dir, names[i]!), data);
    }
    return await work(dir, names);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
