// Deterministic drawn product illustrations for the demo catalog. The image path itself
// carries everything needed to draw the picture (kind, colour, view), so the media endpoint
// can render any demo image on demand without storing files.

import { mix, paletteFor, studioBackdrop } from './productImageColour';
import type { Palette } from './productImageColour';
import { KIND_DRAWINGS } from './productImageDrawings';
import type { KindDrawing } from './productImageDrawings';

export const DEMO_IMAGE_KINDS = [
  'tee',
  'hoodie',
  'jacket',
  'dress',
  'trousers',
  'shorts',
  'skirt',
  'sneaker',
  'boot',
  'cap',
  'bag',
  'backpack',
  'scarf',
  'watch',
  'sunglasses',
  'mug',
  'bottle',
  'lamp',
  'chair',
  'cushion',
  'plant-pot',
  'notebook',
  'candle',
  'towel',
] as const;

export type DemoImageKind = (typeof DEMO_IMAGE_KINDS)[number];
export type DemoImageView = 1 | 2 | 3;

const PATH_PREFIX = '/media/catalog/product/demo/';
const HEX6 = /^[0-9a-f]{6}$/;

/** Accepts `#A1B2C3` or `a1b2c3`; the path always holds the lowercase form without `#`. */
export function demoProductImagePath(kind: DemoImageKind, hex: string, view: DemoImageView): string {
  const colour = hex.replace(/^#/, '').toLowerCase();
  if (!HEX6.test(colour)) throw new Error(`Not a 6-digit hex colour: ${hex}`);
  if (!isDemoImageKind(kind)) throw new Error(`Unknown demo image kind: ${String(kind)}`);
  if (view !== 1 && view !== 2 && view !== 3) throw new Error(`Unknown demo image view: ${String(view)}`);
  return `${PATH_PREFIX}${kind}/${colour}/${view}.png`;
}

export function isDemoImageKind(value: string): value is DemoImageKind {
  return (DEMO_IMAGE_KINDS as readonly string[]).includes(value);
}

export interface DemoImageSpec {
  kind: DemoImageKind;
  hex: string;
  view: DemoImageView;
}

export function parseDemoProductImagePath(path: string): DemoImageSpec | null {
  if (!path.startsWith(PATH_PREFIX)) return null;
  const parts = path.slice(PATH_PREFIX.length).split('/');
  if (parts.length !== 3) return null;
  const [kind, hex, file] = parts as [string, string, string];
  if (!isDemoImageKind(kind) || !HEX6.test(hex)) return null;
  const view = file === '1.png' ? 1 : file === '2.png' ? 2 : file === '3.png' ? 3 : null;
  if (view === null) return null;
  return { kind, hex, view };
}

/** The SVG for a demo image path (1000×1250), or null when the path is not one. */
export function renderDemoProductSvg(path: string): string | null {
  const spec = parseDemoProductImagePath(path);
  if (!spec) return null;
  const palette = paletteFor(spec.hex);
  const drawing = KIND_DRAWINGS[spec.kind];
  const body =
    spec.view === 1
      ? frontView(drawing, palette)
      : spec.view === 2
        ? secondView(drawing, palette)
        : stagedView(drawing, palette);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs>${gradients(palette, spec.view)}</defs>`,
    body,
    '</svg>',
  ].join('');
}

const WIDTH = 1000;
const HEIGHT = 1250;
const FLOOR_Y = 1010;

function gradients(p: Palette, view: DemoImageView): string {
  const backdrop = studioBackdrop(p.base, view === 3 ? 160 : 0, view === 3 ? 0.86 : 0.93);
  return [
    `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${backdrop.centre}"/><stop offset="1" stop-color="${backdrop.edge}"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${backdrop.edge}" stop-opacity="0"/><stop offset="1" stop-color="${backdrop.edge}"/></linearGradient>`,
    `<linearGradient id="podium" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(backdrop.edge, '#ffffff', 0.5)}"/><stop offset="0.6" stop-color="${backdrop.edge}"/><stop offset="1" stop-color="${mix(backdrop.edge, '#000000', 0.12)}"/></linearGradient>`,
    `<linearGradient id="b" x1="0" y1="0" x2="1" y2="0.2"><stop offset="0" stop-color="${p.light}"/><stop offset="0.45" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<linearGradient id="bv" x1="0" y1="0" x2="0.2" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="0.5" stop-color="${p.base}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>`,
    `<radialGradient id="cushion" cx="42%" cy="40%" r="70%"><stop offset="0" stop-color="${p.light}"/><stop offset="0.6" stop-color="${p.base}"/><stop offset="1" stop-color="${p.darker}"/></radialGradient>`,
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8d8d8d"/><stop offset="0.35" stop-color="#f2f2f2"/><stop offset="0.6" stop-color="#b5b5b5"/><stop offset="1" stop-color="#6f6f6f"/></linearGradient>`,
    `<linearGradient id="wood" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c89a68"/><stop offset="1" stop-color="#8a5d36"/></linearGradient>`,
    `<linearGradient id="leaf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6fbf73"/><stop offset="1" stop-color="#2e7d3a"/></linearGradient>`,
    `<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.darker, '#000000', 0.5)}"/><stop offset="1" stop-color="${mix(p.base, '#000000', 0.35)}"/></linearGradient>`,
    `<radialGradient id="flameGlow"><stop offset="0" stop-color="#ffd27a" stop-opacity="0.7"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
    `<filter id="drop" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="14"/><feOffset dx="12" dy="20"/><feComponentTransfer><feFuncA type="linear" slope="0.22"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
  ].join('');
}

function studio(): string {
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/><rect y="${FLOOR_Y - 160}" width="${WIDTH}" height="${HEIGHT - FLOOR_Y + 160}" fill="url(#floor)" opacity="0.6"/>`;
}

function groundShadow(cx: number, cy: number, rx: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx / 8}" fill="url(#shadow)"/>`;
}

function presented(drawing: KindDrawing, art: string): string {
  // Garments are shown flat with a soft drop shadow; objects stand on the floor.
  return drawing.stage === 'podium' ? groundShadow(500, FLOOR_Y + 4, 340) + art : `<g filter="url(#drop)">${art}</g>`;
}

function frontView(drawing: KindDrawing, palette: Palette): string {
  return studio() + presented(drawing, drawing.draw(palette, false));
}

function secondView(drawing: KindDrawing, palette: Palette): string {
  if (drawing.hasBack) return studio() + presented(drawing, drawing.draw(palette, true));
  const [x, y] = drawing.focus;
  return `${studio()}<g transform="translate(500 600) rotate(-6) scale(1.45) translate(${-x} ${-y})">${presented(drawing, drawing.draw(palette, false))}</g>`;
}

function stagedView(drawing: KindDrawing, palette: Palette): string {
  const art = drawing.draw(palette, false);
  const halo = `<circle cx="500" cy="560" r="340" fill="#ffffff" opacity="0.35"/>`;
  if (drawing.stage === 'podium') {
    return [
      studio(),
      halo,
      `<path d="M210 1010 L210 1250 L790 1250 L790 1010 Z" fill="url(#podium)"/>`,
      `<ellipse cx="500" cy="1010" rx="290" ry="52" fill="${mix(palette.base, '#ffffff', 0.9)}" stroke="#00000010" stroke-width="2"/>`,
      groundShadow(500, 1004, 230),
      `<g transform="translate(500 1004) scale(0.72) translate(-500 -${FLOOR_Y})">${art}</g>`,
    ].join('');
  }
  const hanger = [
    `<path d="M60 130 L940 130" stroke="#8a8a8a" stroke-width="14" stroke-linecap="round"/>`,
    `<path d="M500 262 L500 205 Q500 178 522 168 Q540 156 532 136 Q524 118 500 124" fill="none" stroke="#9a9a9a" stroke-width="9" stroke-linecap="round"/>`,
  ].join('');
  const clipBar =
    drawing.stage === 'clip'
      ? `<rect x="300" y="248" width="400" height="22" rx="10" fill="url(#wood)" stroke="#6b4a2e" stroke-width="3"/>` +
        [360, 640]
          .map(
            (cx) =>
              `<rect x="${cx - 16}" y="256" width="32" height="46" rx="4" fill="url(#metal)" stroke="#555" stroke-width="3"/>`,
          )
          .join('')
      : `<path d="M330 330 L500 258 L670 330" fill="none" stroke="url(#wood)" stroke-width="16" stroke-linecap="round"/>`;
  const garmentTop = drawing.stage === 'clip' ? 262 : 258;
  const fitted = `<g transform="translate(500 ${garmentTop}) scale(0.84) translate(-500 -${garmentTop})">${art}</g>`;
  return drawing.stage === 'clip'
    ? `${studio()}${halo}${hanger}<g filter="url(#drop)">${fitted}${clipBar}</g>`
    : `${studio()}${halo}${hanger}${clipBar}<g filter="url(#drop)">${fitted}</g>`;
}
