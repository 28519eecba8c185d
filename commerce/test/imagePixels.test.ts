// The pixel budget reads an image's size from its header, for the five formats the catalog takes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bufferReader,
  imageSize,
  MAX_IMAGE_PIXELS,
  pixelBudgetRefusal,
} from '../src/domains/catalogTransfer/imagePixels';
import { hugePng } from './hugePng';

const IMAGES = path.join(import.meta.dirname, 'fixtures', 'catalog-sample', 'images');
// 321×123 images written by sharp (libvips): lossy, lossless and extended WebP, AVIF and GIF.
const SAMPLES: Record<string, string> = {
  'webp VP8':
    'UklGRp4AAABXRUJQVlA4IJIAAACwDACdASpBAXsAPm02mUmkIyKhIEgAgA2JaW7hdrEe3AfgAAAnteirhBkENVSa7bRcIMghqqTXbaLhBkENVSa7bRcIMghqqTXbaLhBkENVSa7bRcIMghqqTXbaLhBkENVSa7bRcIMghqqTXbaIQAD+/3A9///5BcsLrka///kB/yA/5Af/x8U02nBuqgQAAAAAAA==',
  'webp VP8L': 'UklGRiYAAABXRUJQVlA4TBoAAAAvQIEeAAcQ/Y/+BxSkbcDUv/3uRPQ/uf/KAg==',
  'webp VP8X':
    'UklGRs4AAABXRUJQVlA4WAoAAAAQAAAAQAEAegAAQUxQSBUAAAABB1DAiAgoSNuAqX/73Ynof3L/lQUAVlA4IJIAAACwDACdASpBAXsAPm02mUmkIyKhIEgAgA2JaW7hdrEe3AfgAAAnteirhBkENVSa7bRcIMghqqTXbaLhBkENVSa7bRcIMghqqTXbaLhBkENVSa7bRcIMghqqTXbaLhBkENVSa7bRcIMghqqTXbaIQAD+/3A9///5BcsLrka///kB/yA/5Af/x8U02nBuqgQAAAAAAA==',
  avif: 'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAAC8AAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAUEAAAB7AAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAA3bWRhdBIACgk4IagemkBDQaQyIBJQmMEwAA0AAQCXytg49B5pX3Gds6EtOos9S7KyYXnA',
  gif: 'R0lGODlhQQF7AIAAAExpcf8AACH5BAUAAAAALAAAAABBAXsAAAL/jI+py+0Po5y02ouz3rz7D4biSJbmiabqyrbuC8fyTNf2jef6zvf+DwwKh8Si8YhMKpfMpvMJjUqn1Kr1is1qt9yu9wsOi8fksvmMTqvX7Lb7DY/L5/S6/Y7P6/f8vv8PGCg4SFhoeIiYqLjI2Oj4CBkpOUlZaXmJmam5ydnp+QkaKjpKWmp6ipqqusra6voKGys7S1tre4ubq7vL2+v7CxwsPExcbHyMnKy8zNzs/AwdLT1NXW19jZ2tvc3d7f0NHi4+Tl5ufo6err7O3u7+Dh8vP09fb3+Pn6+/z9/v/w8woMCBBAsaPIgwocKFDBs6fAgxosSJFCtavIgxo8aNBBwnFQAAOw==',
};

describe('image sizes from headers', () => {
  it('reads PNG and JPEG (the sample catalog) and WebP, AVIF and GIF', async () => {
    expect(await imageSize(bufferReader(readFileSync(path.join(IMAGES, 'harbor-lantern.png'))))).toEqual({
      width: 160,
      height: 200,
    });
    expect(await imageSize(bufferReader(readFileSync(path.join(IMAGES, 'harbor-hoodie-grey.jpg'))))).toEqual({
      width: 160,
      height: 200,
    });
    for (const [format, base64] of Object.entries(SAMPLES))
      expect(await imageSize(bufferReader(Buffer.from(base64, 'base64'))), format).toEqual({ width: 321, height: 123 });
    expect(await imageSize(bufferReader(hugePng(16000, 16000)))).toEqual({ width: 16000, height: 16000 });
    expect(await imageSize(bufferReader(Buffer.from('not an image at all')))).toBeNull();
    expect(await imageSize(bufferReader(Buffer.from('ffd8ffe000', 'hex')))).toBeNull();
  });

  it('the budget is 40 megapixels: 8000×5000 fits, one more column does not', () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
    expect(pixelBudgetRefusal('edge.png', { width: 8000, height: 5000 })).toBeNull();
    expect(pixelBudgetRefusal('wide.png', { width: 8001, height: 5000 })).toBe(
      '"wide.png" is 8001×5000 pixels (40.1 megapixels); images of up to 40 megapixels are accepted',
    );
  });
});
