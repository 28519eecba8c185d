// Deterministic drawn product illustrations for the demo catalog. The image path itself
// carries everything needed to draw the picture (kind, colour, view), so the media endpoint
// can render any demo image on demand without storing files.

export const DEMO_IMAGE_KINDS = [
  'tee', 'hoodie', 'jacket', 'dress', 'trousers', 'shorts', 'skirt',
  'sneaker', 'boot', 'cap', 'bag', 'backpack', 'scarf', 'watch', 'sunglasses',
  'mug', 'bottle', 'lamp', 'chair', 'cushion', 'plant-pot', 'notebook', 'candle', 'towel',
] as const;

export type DemoImageKind = (typeof DEMO_IMAGE_KINDS)[number];
export type DemoImageView = 1 | 2 | 3;

const PATH_PREFIX = '/media/catalog/product/demo/';
const HEX6 = /^[0-9a-f]{6}$/;

/** Accepts `#A1B2C3` or `a1b2c3`; the path always holds the lowercase form without `#`. */
export function demoProductImagePath(kind: DemoImageKind, hex: string, view: DemoImageView): string {
  const colour = hex.replace(/^#/, '').toLowerCase();
  if (!HEX6.test(colour)) throw new Error(`Not a 6-digit hex colour: ${hex}`);
  if (!isDemoImageKind(kind)) throw new Error(`Unknown demo image kind: ${kind}`);
  if (view !== 1 && view !== 2 && view !== 3) throw new Error(`Unknown demo image view: ${view}`);
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

export function renderDemoProductSvg(path: string): string | null {
  const spec = parseDemoProductImagePath(path);
  if (!spec) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1250" viewBox="0 0 1000 1250"><rect width="1000" height="1250" fill="#f3f3f3"/><circle cx="500" cy="625" r="300" fill="#${spec.hex}"/></svg>`;
}
