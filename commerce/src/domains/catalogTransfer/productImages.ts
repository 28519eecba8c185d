import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, stat } from 'node:fs/promises';
import path from 'node:path';
import { RowError, type ImageRef } from './rowValidation';
import { fileReader, imageSize, pixelBudgetRefusal } from './imagePixels';

// Images named by a row: found in the images folder (or already in the shop's media folder, as
// after an export of this shop), checked to be an image, and copied into MEDIA_DIR under
// catalog/product/<a>/<b>/<name>, Magento's layout, so `/media/catalog/product/...` serves them and
// an export names them as Magento does (`/a/b/name.jpg`). The same file imported again lands on
// the same path, so a re-import changes nothing; a different file with a taken name gets `_1`.

export const PRODUCT_MEDIA_URL = '/media/catalog/product';
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.avif']);
/** The demo catalog's drawn images are not files: the media server draws them from the path. */
const DEMO_IMAGE = /^\/demo\/[a-z-]+\/[0-9a-f]{6}\/[1-3]\.png$/;

export interface PlannedImage {
  url: string;
  label: string;
  /** A file to copy to `destination` before the row is written. */
  copy?: { from: string; to: string };
}

function isImage(head: Buffer): boolean {
  const hex = head.toString('hex');
  return (
    hex.startsWith('89504e470d0a1a0a') || // PNG
    hex.startsWith('ffd8ff') || // JPEG
    head.toString('ascii', 0, 4) === 'GIF8' ||
    (head.toString('ascii', 0, 4) === 'RIFF' && head.toString('ascii', 8, 12) === 'WEBP') ||
    (head.toString('ascii', 4, 8) === 'ftyp' && /^(avif|avis)/.test(head.toString('ascii', 8, 12)))
  );
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** A file name safe on every file system and in a URL: lower case, a-z 0-9 . _ - only. */
function safeName(file: string): string {
  const ext = path.extname(file).toLowerCase();
  const stem = path
    .basename(file, path.extname(file))
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^[_-]+/, '');
  return `${stem || 'image'}${ext}`;
}

export class ImagePlanner {
  /** Destination (relative to catalog/product) → sha256 of what goes there, this run. */
  private readonly planned = new Map<string, string>();
  private readonly hashes = new Map<string, string>();
  private readonly productMediaDir: string;

  constructor(
    private readonly imagesDir: string | undefined,
    mediaDir: string,
  ) {
    this.productMediaDir = path.resolve(mediaDir, 'catalog', 'product');
  }

  private async hash(file: string): Promise<string> {
    let hash = this.hashes.get(file);
    if (hash === undefined) {
      hash = await hashFile(file);
      this.hashes.set(file, hash);
    }
    return hash;
  }

  private async findSource(relative: string): Promise<string | null> {
    if (!this.imagesDir) return null;
    const root = path.resolve(this.imagesDir);
    for (const candidate of [relative, path.posix.basename(relative)]) {
      const file = path.resolve(root, candidate);
      if (!file.startsWith(root + path.sep)) continue;
      if (await isFile(file)) return file;
    }
    return null;
  }

  private async checkImage(value: string, file: string): Promise<void> {
    if (!EXTENSIONS.has(path.extname(file).toLowerCase()))
      throw new RowError(`image "${value}" is not a .jpg, .jpeg, .png, .gif, .webp or .avif file`);
    const size = (await stat(file)).size;
    if (size > MAX_IMAGE_BYTES) throw new RowError(`image "${value}" is larger than 20 MB`);
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(16);
      await handle.read(head, 0, 16, 0);
      if (!isImage(head)) throw new RowError(`image "${value}" is not a PNG, JPEG, GIF, WebP or AVIF image`);
      // The header says how much decoding the media server would take on: refused before it is stored.
      const size = await imageSize(fileReader(handle));
      if (!size || size.width === 0 || size.height === 0)
        throw new RowError(`image "${value}": its width and height cannot be read`);
      const refusal = pixelBudgetRefusal(value, size);
      if (refusal) throw new RowError(`image ${refusal}`);
    } finally {
      await handle.close();
    }
  }

  /** Where an image of the row comes from and the url it gets. Reads files, writes nothing. */
  async plan(ref: ImageRef): Promise<PlannedImage> {
    const value = ref.value;
    if (DEMO_IMAGE.test(value)) return { url: `${PRODUCT_MEDIA_URL}${value}`, label: ref.label };
    const relative = value.replace(/^\/+/, '');
    if (relative === '' || value.includes('\\') || value.includes('\0') || relative.split('/').includes('..'))
      throw new RowError(`image "${value}" is not a file name or a path below the images folder`);

    const source = await this.findSource(relative);
    if (source === null) {
      // Already in the shop's media folder: an export of this shop imported back into it.
      const existing = path.resolve(this.productMediaDir, relative);
      if (existing.startsWith(this.productMediaDir + path.sep) && (await isFile(existing))) {
        await this.checkImage(value, existing);
        return { url: `${PRODUCT_MEDIA_URL}/${relative}`, label: ref.label };
      }
      throw new RowError(
        this.imagesDir
          ? `image "${value}" not found in ${this.imagesDir}`
          : `image "${value}" not found (no images folder given: --images DIR)`,
      );
    }
    await this.checkImage(value, source);
    const hash = await this.hash(source);
    const name = safeName(source);
    const stem = name.slice(0, name.length - path.extname(name).length);
    const dir = `${stem[0] ?? '_'}/${stem[1] ?? '_'}`;
    for (let n = 0; n < 1000; n++) {
      const file = n === 0 ? name : `${stem}_${n}${path.extname(name)}`;
      const rel = `${dir}/${file}`;
      const to = path.join(this.productMediaDir, dir, file);
      const planned = this.planned.get(rel);
      if (planned !== undefined) {
        if (planned === hash)
          return { url: `${PRODUCT_MEDIA_URL}/${rel}`, label: ref.label, copy: { from: source, to } };
        continue;
      }
      if (await isFile(to)) {
        if ((await this.hash(to)) !== hash) continue;
        this.planned.set(rel, hash);
        return { url: `${PRODUCT_MEDIA_URL}/${rel}`, label: ref.label };
      }
      this.planned.set(rel, hash);
      return { url: `${PRODUCT_MEDIA_URL}/${rel}`, label: ref.label, copy: { from: source, to } };
    }
    throw new RowError(`image "${value}": too many different files named ${name}`);
  }
}

/** Copies planned images that are not in place yet (called just before their row is written). */
export async function copyPlannedImages(images: readonly PlannedImage[]): Promise<void> {
  for (const image of images) {
    if (!image.copy) continue;
    if (await isFile(image.copy.to)) continue;
    await mkdir(path.dirname(image.copy.to), { recursive: true });
    await copyFile(image.copy.from, image.copy.to);
  }
}
