// The pen every demo drawing shares: outlined shapes, stitches, folds, light and rib bands, and
// the shape of a drawing. Fills reference the paint servers productImage.ts defines.
import type { Palette } from './productImageColour';

export type Stage = 'hanger' | 'clip' | 'podium';

/** The cloth grain of a garment's filter (see FABRIC_GRAIN in productImage.ts). */
export type Fabric = 'jersey' | 'fleece' | 'woven' | 'wool' | 'knit';

interface DrawingBase {
  /** Garments and bags have a real back; other objects get a close-up instead. */
  hasBack: boolean;
  /** Point of interest for the close-up view. */
  focus: readonly [number, number];
  draw(palette: Palette, back: boolean): string;
}

/** How view 3 presents the object: garments hang (and are cloth), objects stand on a podium. */
export type KindDrawing =
  | (DrawingBase & { stage: 'hanger' | 'clip'; fabric: Fabric })
  | (DrawingBase & { stage: 'podium'; fabric?: undefined });

export const OUTLINE = 'stroke-width="5" stroke-linejoin="round" stroke-linecap="round"';

export function shape(p: Palette, d: string, fill = 'url(#b)'): string {
  return `<path d="${d}" fill="${fill}" stroke="${p.line}" ${OUTLINE}/>`;
}

export function stitch(p: Palette, d: string): string {
  return `<path d="${d}" fill="none" stroke="${p.detail}" stroke-width="3" stroke-dasharray="9 7" stroke-linecap="round" stroke-opacity="0.8"/>`;
}

export function line(p: Palette, d: string, width = 4): string {
  return `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Soft fold shadows in the product's own darker tone. */
export function fold(p: Palette, d: string, width = 14): string {
  return `<path d="${d}" fill="none" stroke="${p.darker}" stroke-width="${width}" stroke-linecap="round" stroke-opacity="0.22"/>`;
}

/** A soft-edged streak of reflected light. */
export function highlight(d: string, opacity = 0.25): string {
  return `<path d="${d}" fill="url(#sheen)" fill-opacity="${Math.min(1, opacity * 1.6).toFixed(2)}"/>`;
}

/** A round specular spot on a glossy surface. */
export function gloss(cx: number, cy: number, rx: number, ry: number, opacity = 0.8): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#spec)" fill-opacity="${opacity}"/>`;
}

/**
 * A knitted rib band (collar, cuff, hem) along a centre line: the stroke's dashes are the ribs,
 * so they always run across the band whatever its direction.
 */
export function ribBand(p: Palette, d: string, width: number, ribs = '3 6'): string {
  return [
    `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="${width + 8}"/>`,
    `<path d="${d}" fill="none" stroke="${p.dark}" stroke-width="${width}"/>`,
    `<path d="${d}" fill="none" stroke="${p.darker}" stroke-width="${width - 6}" stroke-dasharray="${ribs}" stroke-opacity="0.45"/>`,
    `<path d="${d}" fill="none" stroke="${p.light}" stroke-width="${width - 6}" stroke-dasharray="1.5 7.5" stroke-dashoffset="-4" stroke-opacity="0.35"/>`,
  ].join('');
}
