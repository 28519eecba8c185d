// Draws the app icons from the logo mark (the header's "V" tile) into public/icons/. The PNGs are
// committed; run `node scripts/make-icons.mjs` in storefront/ after changing the mark or colours.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#1f2a44';
const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** The mark on a 28-unit grid; `inset` shrinks it into the middle (maskable icons are cropped to a circle). */
function logoSvg({ size, rounded, inset }) {
  const scale = 1 - 2 * inset;
  const offset = 28 * inset;
  const tile = rounded
    ? `<rect width="28" height="28" rx="7" fill="${BRAND}"/>`
    : `<rect width="28" height="28" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 28 28">${tile}<path transform="translate(${offset} ${offset}) scale(${scale})" d="M7.5 8.5 14 20l6.5-11.5" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0 },
  // Full-bleed background, mark inside the 80 % safe zone.
  { file: 'maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.06 },
];

await mkdir(iconsDir, { recursive: true });
for (const icon of icons) {
  const png = await sharp(Buffer.from(logoSvg(icon)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  await writeFile(path.join(iconsDir, icon.file), png);
}
await writeFile(path.join(iconsDir, 'favicon.svg'), `${logoSvg({ size: 32, rounded: true, inset: 0 })}\n`);
console.log(`[icons] ${icons.length + 1} icons in public/icons/`);
