// Colour arithmetic for the demo product illustrations: every tone in a picture is derived
// from the one product colour, so a catalog of any colours still looks like one shop.

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

export function mix(a: string, b: string, amountOfB: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amountOfB) as unknown as Rgb);
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = lightness - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return rgbToHex([(r + m) * 255, (g + m) * 255, (b + m) * 255]);
}

export function hexToHsl(hex: string): { hue: number; saturation: number; lightness: number } {
  const [r, g, b] = hexToRgb(hex).map((v) => v / 255) as unknown as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue =
    max === r ? 60 * (((g - b) / delta) % 6) : max === g ? 60 * ((b - r) / delta + 2) : 60 * ((r - g) / delta + 4);
  return { hue: (hue + 360) % 360, saturation, lightness };
}

export interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** Silhouette outline: always darker than the product so it separates from the backdrop. */
  line: string;
  /** Seams and stitching: must stay visible on both near-black and near-white products. */
  detail: string;
}

export function paletteFor(hex: string): Palette {
  const base = `#${hex.replace(/^#/, '').toLowerCase()}`;
  const isDark = luminance(base) < 0.06;
  return {
    base,
    light: mix(base, '#ffffff', 0.22),
    lighter: mix(base, '#ffffff', 0.45),
    dark: mix(base, '#000000', 0.2),
    darker: mix(base, '#000000', 0.4),
    line: isDark ? mix(base, '#000000', 0.6) : mix(base, '#1a1a1a', 0.55),
    detail: isDark ? mix(base, '#ffffff', 0.3) : mix(base, '#000000', 0.35),
  };
}

/** A pale studio tint of the product's hue; pale products get a slightly deeper backdrop. */
export function studioBackdrop(hex: string, hueShift = 0, lightness = 0.93): { centre: string; edge: string } {
  const { hue, saturation, lightness: productLightness } = hexToHsl(hex);
  const l = productLightness > 0.82 && hueShift === 0 ? lightness - 0.08 : lightness;
  const s = Math.min(saturation, 0.5) * 0.45;
  return {
    centre: hslToHex(hue + hueShift, s, Math.min(0.97, l + 0.03)),
    edge: hslToHex(hue + hueShift, s + 0.05, l - 0.06),
  };
}
