// Deterministic drawn product illustrations for the demo catalog. The image path itself
// carries everything needed to draw the picture (kind, colour, view), so the media endpoint
// can render any demo image on demand without storing files.

import { mix, paletteFor, studioBackdrop } from './productImageColour';
import type { Palette } from './productImageColour';
import { KIND_DRAWINGS } from './productImageDrawings';
import type { Fabric, KindDrawing } from './productImageDrawings';

export const DEMO_IMAGE_KINDS = [
  'tee',
  'long-sleeve-tee',
  'tank',
  'hoodie',
  'sweatshirt',
  'half-zip',
  'jacket',
  'denim-jacket',
  'puffer-jacket',
  'rain-jacket',
  'field-jacket',
  'shell-jacket',
  'coat',
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
  'stool',
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
    `<defs>${gradients(palette, spec.view)}${materials(palette, drawing.fabric)}</defs>`,
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
  ].join('');
}

/** How far cloth seems to round over its edges (surfaceScale of the garment light). */
const LIGHT_RELIEF = 9;

/** Grain of each fabric: turbulence frequency (x y), octaves, and how strongly it shows. */
// Grain is near a pixel wide, which image encoders cannot compress: at the strengths first chosen
// (about twice these) a garment's 800 px WebP was 2–3× the size of the flat drawing's (a jacket
// 11.6 → 26.2 KB) and the largest image on home, category and product pages came later for it.
// At these the cloth still reads as cloth and the files are about 20% over the flat drawings.
const FABRIC_GRAIN: Record<Fabric, { frequency: string; octaves: number; strength: number }> = {
  // Fine, even cotton jersey.
  jersey: { frequency: '0.9 0.7', octaves: 2, strength: 0.13 },
  // Brushed-back fleece: softer, mottled.
  fleece: { frequency: '0.75 0.6', octaves: 3, strength: 0.14 },
  // Woven cloth: warp threads read as fine vertical streaks.
  woven: { frequency: '1.1 0.16', octaves: 2, strength: 0.13 },
  // Heathered wool: irregular, in several scales.
  wool: { frequency: '0.6 0.5', octaves: 3, strength: 0.16 },
  // Knitwear: vertical columns of stitches.
  knit: { frequency: '0.7 0.2', octaves: 2, strength: 0.17 },
};

/** Fine parallel threads: a dark line and a lighter one in every period (horizontal unless vertical). */
function stripes(
  id: string,
  period: number,
  vertical: boolean,
  ink: string,
  dark: number,
  light: number,
  width = 0.22,
): string {
  const [x2, y2] = vertical ? [period, 0] : [0, period];
  const stops: Array<[number, string, number]> = [
    [0, ink, dark],
    [width, ink, dark],
    [width + 0.06, ink, 0],
    [0.5, '#ffffff', 0],
    [0.56, '#ffffff', light],
    [0.56 + width * 0.7, '#ffffff', light],
    [0.62 + width * 0.7, '#ffffff', 0],
    [1, '#ffffff', 0],
  ];
  return (
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${x2}" y2="${y2}" spreadMethod="repeat">` +
    stops.map(([o, c, a]) => `<stop offset="${o.toFixed(3)}" stop-color="${c}" stop-opacity="${a}"/>`).join('') +
    `</linearGradient>`
  );
}

/**
 * Material and light shared by every drawing. Garments get one filter (#drop) that adds a
 * fixed-seed cloth grain, a soft light that rounds the cloth over its edges and the drop shadow,
 * the last two from a single blur; the turbulence is computed on one small stitched tile and
 * repeated, so it stays cheap. Hard goods stay filter-free (a filter costs them more than their
 * whole drawing): their material comes from gradients and a little geometry in the drawings.
 */
function materials(p: Palette, fabric: Fabric | undefined): string {
  const ink = mix(p.darker, '#000000', 0.35);
  const defs = [
    // Soft-edged highlight (fills the bounding box of any shape) and a round specular spot.
    `<radialGradient id="sheen" cx="0.45" cy="0.45" r="0.55"><stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.6"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="spec"><stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    // Ambient occlusion towards the edges of a rounded body: darker on the side away from the light.
    `<linearGradient id="rimH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.16"/><stop offset="0.14" stop-color="#000000" stop-opacity="0"/><stop offset="0.72" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient>`,
    `<linearGradient id="rimV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.14"/><stop offset="0.22" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.7" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.26"/></linearGradient>`,
    `<radialGradient id="contact"><stop offset="0" stop-color="#000000" stop-opacity="0.45"/><stop offset="0.6" stop-color="#000000" stop-opacity="0.18"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`,
    // Cloth and thread textures as repeating gradients: unlike <pattern> tiles, which cairo
    // resamples slowly once a view scales or rotates them, gradients cost the same in every view.
    stripes('weaveH', 8, false, ink, 0.16, 0.07),
    stripes('weaveV', 8, true, ink, 0.16, 0.07),
    stripes('ripH', 26, false, ink, 0.16, 0.08, 0.08),
    stripes('ripV', 26, true, ink, 0.16, 0.08, 0.08),
    stripes('terryH', 7, false, ink, 0.26, 0.14, 0.45),
  ];
  if (fabric) {
    const grain = FABRIC_GRAIN[fabric];
    const contrast = 1.6;
    const offset = (0.5 - 0.5 * contrast).toFixed(2);
    const row = `${contrast} 0 0 0 ${offset}`;
    defs.push(
      `<filter id="drop" x="-20%" y="-20%" width="140%" height="140%" color-interpolation-filters="sRGB">` +
        // One 160px tile of noise, stitched so it repeats without seams; it lies inside every
        // garment's filter region (their drawings all cover the middle of the canvas).
        `<feTurbulence type="fractalNoise" baseFrequency="${grain.frequency}" numOctaves="${grain.octaves}" seed="7" stitchTiles="stitch" x="420" y="420" width="160" height="160"/>` +
        `<feTile/>` +
        `<feColorMatrix type="matrix" values="${row}  ${row}  ${row}  0 0 0 0 ${grain.strength}"/>` +
        `<feComposite in2="SourceAlpha" operator="in"/>` +
        `<feBlend in2="SourceGraphic" mode="soft-light" result="cloth"/>` +
        // Light: the blurred silhouette is a height map lit from the upper left, so the cloth
        // rounds over its edges (grey 0.5 is neutral for soft-light; a 30° light gives that on the flat).
        `<feGaussianBlur in="SourceAlpha" stdDeviation="14" result="blur"/>` +
        `<feDiffuseLighting in="blur" surfaceScale="${LIGHT_RELIEF}" diffuseConstant="1" lighting-color="#ffffff"><feDistantLight azimuth="225" elevation="30"/></feDiffuseLighting>` +
        `<feComposite in2="SourceAlpha" operator="in"/>` +
        `<feBlend in2="cloth" mode="soft-light" result="lit"/>` +
        // Drop shadow from the same blur.
        `<feOffset in="blur" dx="12" dy="20"/>` +
        `<feComponentTransfer result="shadow"><feFuncA type="linear" slope="0.22"/></feComponentTransfer>` +
        `<feMerge><feMergeNode in="shadow"/><feMergeNode in="lit"/></feMerge>` +
        `</filter>`,
    );
  }
  return defs.join('');
}

function studio(): string {
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/><rect y="${FLOOR_Y - 160}" width="${WIDTH}" height="${HEIGHT - FLOOR_Y + 160}" fill="url(#floor)" fill-opacity="0.6"/>`;
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
  const halo = `<circle cx="500" cy="560" r="340" fill="#ffffff" fill-opacity="0.35"/>`;
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
