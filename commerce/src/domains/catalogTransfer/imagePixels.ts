import type { FileHandle } from 'node:fs/promises';

// How many pixels an image holds, read from its header only. A 31 KB PNG can say 16000×16000:
// 256 megapixels that cost about a gigabyte to decode when the media server first renders it.
// Uploads and imports refuse images over the budget before anything is stored, and the media
// server refuses to decode more (server/src/media). The header is read by hand because the
// commerce package has no image library (sharp belongs to the server), and only the sizes of the
// five formats the catalog accepts are needed.

/** 40 megapixels, e.g. 8000×5000: more than any product photo needs; decoding it takes ~160 MB. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

/** Reads `length` bytes at `offset` (fewer at the end of the data). */
export type ByteReader = (offset: number, length: number) => Promise<Buffer>;

export function bufferReader(data: Buffer): ByteReader {
  return (offset, length) => Promise.resolve(data.subarray(offset, offset + length));
}

export function fileReader(handle: FileHandle): ByteReader {
  return async (offset, length) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  };
}

/** JPEG start-of-frame markers (SOF0–SOF15 less DHT, JPG and DAC): they carry the frame size. */
const JPEG_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Segments a JPEG may hold before its frame header; beyond that the file is refused as unreadable. */
const MAX_JPEG_SEGMENTS = 1000;
/** Where an AVIF's image sizes ("ispe" boxes of its metadata) are looked for. */
const AVIF_HEAD = 64 * 1024;

async function jpegSize(read: ByteReader): Promise<ImageSize | null> {
  let offset = 2;
  for (let n = 0; n < MAX_JPEG_SEGMENTS; n++) {
    const head = await read(offset, 9);
    if (head.length < 4 || head[0] !== 0xff) return null;
    const marker = head[1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (JPEG_FRAME.has(marker)) {
      if (head.length < 9) return null;
      return { height: head.readUInt16BE(5), width: head.readUInt16BE(7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    offset += 2 + head.readUInt16BE(2);
  }
  return null;
}

function webpSize(head: Buffer): ImageSize | null {
  const chunk = head.toString('ascii', 12, 16);
  if (chunk === 'VP8 ' && head.length >= 30)
    return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && head.length >= 25) {
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && head.length >= 30)
    return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  return null;
}

/** The largest of an AVIF's image spatial extents (a grid image names its full size there too). */
function avifSize(head: Buffer): ImageSize | null {
  let best: ImageSize | null = null;
  for (let at = head.indexOf('ispe'); at !== -1 && at + 16 <= head.length; at = head.indexOf('ispe', at + 4)) {
    const size = { width: head.readUInt32BE(at + 8), height: head.readUInt32BE(at + 12) };
    if (!best || size.width * size.height > best.width * best.height) best = size;
  }
  return best;
}

/** The width and height an image's header gives, or null when it cannot be read. */
export async function imageSize(read: ByteReader): Promise<ImageSize | null> {
  const head = await read(0, 32);
  if (
    head.length >= 24 &&
    head.toString('hex', 0, 8) === '89504e470d0a1a0a' &&
    head.toString('ascii', 12, 16) === 'IHDR'
  )
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (head.length >= 10 && head.toString('ascii', 0, 4) === 'GIF8')
    return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (head.length >= 3 && head.toString('hex', 0, 3) === 'ffd8ff') return jpegSize(read);
  if (head.toString('ascii', 0, 4) === 'RIFF' && head.toString('ascii', 8, 12) === 'WEBP') return webpSize(head);
  if (head.toString('ascii', 4, 8) === 'ftyp') return avifSize(await read(0, AVIF_HEAD));
  return null;
}

/** Why an image of `size` is refused (`name` as the user gave it), or null when it fits the budget. */
export function pixelBudgetRefusal(name: string, size: ImageSize): string | null {
  const pixels = size.width * size.height;
  if (pixels <= MAX_IMAGE_PIXELS) return null;
  // Rounded up, so a refused image never reads as exactly the budget.
  return `"${name}" is ${size.width}×${size.height} pixels (${(Math.ceil(pixels / 1e5) / 10).toFixed(1)} megapixels); images of up to ${MAX_IMAGE_PIXELS / 1e6} megapixels are accepted`;
}
