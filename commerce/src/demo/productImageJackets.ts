// One drawing per jacket the demo sells, so a "Denim Jacket" shows a denim jacket (collar, chest
// flaps, waistband, copper stitching) and a "Puffer Jacket" its quilted baffles: the line used to
// share one zipped blazer-like drawing for every name. Same canvas and hanger as the other garments.
import type { Palette } from './productImageColour';
import { fold, gloss, highlight, line, shape, stitch } from './productImagePen';
import type { KindDrawing } from './productImagePen';

/** Mirrors a path's x coordinates around the canvas centre (x → 1000 − x). */
function mirror(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${1000 - Number(x)} ${y}`);
}

/** Both sides of a symmetric detail. */
function pair(draw: (d: string) => string, d: string): string {
  return draw(d) + draw(mirror(d));
}

function zip(p: Palette, y0: number, y1: number, x = 500): string {
  return (
    `<path d="M${x} ${y0} L${x} ${y1}" stroke="#b9b9b9" stroke-width="9"/>` +
    `<path d="M${x} ${y0} L${x} ${y1}" stroke="#7d7d7d" stroke-width="9" stroke-dasharray="3 3"/>` +
    `<rect x="${x - 11}" y="${y0 + 14}" width="22" height="42" rx="6" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`
  );
}

function snap(p: Palette, x: number, y: number, r = 10): string {
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>` +
    gloss(x - 3, y - 3, 4, 3, 0.6)
  );
}

/** A hood lying open behind the neck, seen from the front (its lining shows) or from the back. */
function hood(p: Palette, back: boolean, peak: boolean): string {
  if (back)
    return (
      shape(p, 'M372 318 Q372 196 500 184 Q628 196 628 318 Q604 474 500 500 Q396 474 372 318 Z') +
      line(p, 'M500 190 L500 496', 3)
    );
  return [
    shape(p, 'M364 332 Q352 196 500 180 Q648 196 636 332 Q604 386 500 400 Q396 386 364 332 Z'),
    shape(p, 'M414 322 Q424 232 500 222 Q576 232 586 322 Q544 362 500 366 Q456 362 414 322 Z', p.darker),
    peak ? shape(p, 'M404 214 Q500 168 596 214 Q500 196 404 214 Z', p.dark) : '',
    // Drawcords with their stoppers.
    line(p, 'M446 380 L438 500', 4),
    line(p, 'M554 380 L562 500', 4),
    `<rect x="428" y="496" width="20" height="28" rx="8" fill="${p.darker}" stroke="${p.line}" stroke-width="3"/>`,
    `<rect x="552" y="496" width="20" height="28" rx="8" fill="${p.darker}" stroke="${p.line}" stroke-width="3"/>`,
  ].join('');
}

/** Set-in sleeves hanging beside the body, from the shoulder to `cuffY`. */
function sleeves(p: Palette, cuffY: number, puff = 0): string {
  const d = `M318 330 L${236 - puff} 400 Q${200 - puff} 620 ${190 - puff} ${cuffY} L${280 + puff / 2} ${cuffY + 12} Q298 700 334 500 Z`;
  return pair((side) => shape(p, side), d);
}

const denimJacket: KindDrawing = {
  hasBack: true,
  focus: [420, 540],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) => {
    // Copper thread, the mark of a denim jacket, on any colour of cloth.
    const copper = (d: string) =>
      `<path d="${d}" fill="none" stroke="#c98a3c" stroke-width="3" stroke-dasharray="8 6" stroke-linecap="round"/>`;
    return [
      sleeves(p, 846),
      // Buttoned cuffs.
      pair((d) => shape(p, d, 'url(#bv)'), 'M190 840 L281 852 L279 900 L187 890 Z'),
      pair(copper, 'M193 852 L279 864'),
      shape(p, 'M318 330 L430 292 Q500 318 570 292 L682 330 L676 880 L324 880 Z'),
      // Waistband with its adjuster tabs.
      shape(p, 'M324 880 L676 880 L678 940 Q500 952 322 940 Z', 'url(#bv)'),
      copper('M328 892 L672 892'),
      copper('M326 928 Q500 940 674 928'),
      back
        ? [
            // Back yoke and the two long seams of a trucker back.
            copper('M322 430 Q500 470 678 430'),
            shape(p, 'M430 292 Q500 270 570 292 L578 330 Q500 312 422 330 Z', p.dark),
            pair(copper, 'M410 450 L400 880'),
            pair(copper, 'M424 452 L414 880'),
          ].join('')
        : [
            // Front yoke, pointed chest flaps, pleat seams down to the waistband.
            pair(copper, 'M324 440 L480 450'),
            pair((d) => shape(p, d, p.dark), 'M362 480 L462 480 L462 524 L412 548 L362 524 Z'),
            pair(copper, 'M370 490 L454 490'),
            pair((d) => copper(d), 'M366 548 L366 640 L458 640 L458 548'),
            pair(copper, 'M392 660 L386 880'),
            pair(copper, 'M436 660 L442 880'),
            snap(p, 412, 528, 8),
            snap(p, 588, 528, 8),
            // Placket and buttons.
            line(p, 'M500 326 L500 942', 3),
            copper('M514 340 L514 930'),
            [388, 490, 600, 710, 820, 910].map((y) => snap(p, 526, y, 11)).join(''),
            // Point collar.
            pair((d) => shape(p, d, p.dark), 'M430 292 Q466 310 500 326 L466 418 L398 380 L414 318 Z'),
            pair(copper, 'M420 326 L410 372 L462 400'),
          ].join(''),
      fold(p, 'M226 560 Q236 700 222 820', 10),
      fold(p, 'M774 560 Q764 700 778 820', 10),
      fold(p, 'M360 660 Q372 760 356 860'),
    ].join('');
  },
};

const pufferJacket: KindDrawing = {
  hasBack: true,
  focus: [500, 520],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) => {
    // Each baffle: a seam, the shadow it pinches under the fill, and light on the round above.
    const baffle = (x0: number, x1: number, y: number, sag: number) =>
      line(p, `M${x0} ${y} Q${(x0 + x1) / 2} ${y + sag} ${x1} ${y}`, 4) +
      `<path d="M${x0 + 6} ${y + 10} Q${(x0 + x1) / 2} ${y + sag + 10} ${x1 - 6} ${y + 10}" fill="none" stroke="${p.darker}" stroke-width="16" stroke-opacity="0.3" stroke-linecap="round"/>` +
      `<path d="M${x0 + 14} ${y - 40} Q${(x0 + x1) / 2} ${y + sag - 40} ${x1 - 14} ${y - 40}" fill="none" stroke="${p.lighter}" stroke-width="14" stroke-opacity="0.22" stroke-linecap="round"/>`;
    return [
      sleeves(p, 872, 16),
      // The sleeve's outer edge runs from x=220 (y=400) to x=174 (y=872); seams stop just inside it.
      [500, 600, 700, 800]
        .map((y) => Math.round(228 - ((y - 400) * 46) / 472))
        .map((x, i) => baffle(x, 320, 500 + i * 100, 10) + baffle(1000 - 320, 1000 - x, 500 + i * 100, 10))
        .join(''),
      pair((d) => shape(p, d, p.darker), 'M174 866 L290 882 L288 926 L172 912 Z'),
      shape(p, 'M318 330 L430 296 Q500 314 570 296 L682 330 Q704 640 692 954 Q500 980 308 954 Q296 640 318 330 Z'),
      [430, 530, 630, 730, 830].map((y) => baffle(316, 684, y, 16)).join(''),
      // Stand collar, quilted too.
      shape(p, 'M416 250 Q500 232 584 250 L590 324 Q500 342 410 324 Z', 'url(#bv)'),
      line(p, 'M414 288 Q500 276 586 288', 3),
      back
        ? ''
        : [
            zip(p, 244, 960),
            // Zipped hand pockets.
            pair((d) => line(p, d, 6), 'M372 700 L398 840'),
            highlight('M352 360 L410 340 L396 900 L340 900 Z', 0.18),
          ].join(''),
      stitch(p, 'M316 936 Q500 960 684 936'),
    ].join('');
  },
};

const rainJacket: KindDrawing = {
  hasBack: true,
  focus: [500, 400],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) =>
    [
      sleeves(p, 900),
      pair((d) => shape(p, d, p.dark), 'M190 894 L281 906 L280 940 L188 930 Z'),
      shape(p, 'M318 330 L430 290 Q500 322 570 290 L682 330 L694 1010 Q500 1034 306 1010 Z'),
      // Taped shoulder seams.
      pair((d) => line(p, d, 3), 'M430 294 L326 470'),
      hood(p, back, false),
      back
        ? line(p, 'M320 520 Q500 560 680 520', 3)
        : [
            // Storm flap over the zip, closed with snaps.
            shape(p, 'M486 392 L526 392 L526 1022 L486 1020 Z', 'url(#bv)'),
            [460, 580, 700, 820, 940].map((y) => snap(p, 506, y, 9)).join(''),
            // Angled flap pockets.
            pair((d) => shape(p, d, 'url(#bv)'), 'M350 760 L452 748 L456 800 L354 812 Z'),
            pair((d) => stitch(p, d), 'M358 774 L448 764'),
          ].join(''),
      // Hem cord toggles.
      pair((d) => line(p, d, 3), 'M330 1012 L318 1060'),
      `<rect x="306" y="1054" width="22" height="30" rx="9" fill="${p.darker}" stroke="${p.line}" stroke-width="3"/>`,
      `<rect x="672" y="1054" width="22" height="30" rx="9" fill="${p.darker}" stroke="${p.line}" stroke-width="3"/>`,
      fold(p, 'M380 560 Q400 760 372 980'),
      fold(p, 'M226 560 Q236 720 222 860', 10),
      fold(p, 'M774 560 Q764 720 778 860', 10),
      // A coated cloth: long bright reflections.
      highlight('M344 420 L400 404 L388 980 L332 990 Z', 0.3),
      highlight('M600 430 L640 436 L650 960 L610 964 Z', 0.16),
    ].join(''),
};

const fieldJacket: KindDrawing = {
  hasBack: true,
  focus: [420, 560],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) => {
    const pocket = (x: number, y: number, w: number, h: number) =>
      shape(p, `M${x} ${y} L${x + w} ${y} L${x + w} ${y + h} L${x} ${y + h} Z`) +
      stitch(p, `M${x + 8} ${y + 10} L${x + 8} ${y + h - 8} L${x + w - 8} ${y + h - 8} L${x + w - 8} ${y + 10}`) +
      shape(p, `M${x - 4} ${y - 10} L${x + w + 4} ${y - 10} L${x + w + 4} ${y + 34} L${x - 4} ${y + 34} Z`, p.dark) +
      snap(p, x + w / 2, y + 20, 8);
    return [
      sleeves(p, 900),
      pair((d) => shape(p, d, p.dark), 'M190 894 L281 906 L280 944 L188 934 Z'),
      shape(p, 'M318 330 L430 292 Q500 318 570 292 L682 330 L688 1000 Q500 1020 312 1000 Z'),
      back
        ? [
            shape(p, 'M430 292 Q500 270 570 292 L578 330 Q500 312 422 330 Z', p.dark),
            stitch(p, 'M322 470 Q500 500 678 470'),
          ].join('')
        : [
            line(p, 'M500 326 L500 1012', 3),
            stitch(p, 'M516 360 L516 1000'),
            pocket(356, 470, 108, 118),
            pocket(536, 470, 108, 118),
            pocket(340, 760, 128, 150),
            pocket(532, 760, 128, 150),
            // Corduroy point collar.
            pair((d) => shape(p, d, p.darker), 'M430 292 Q466 312 500 326 L470 430 L388 392 L408 316 Z'),
          ].join(''),
      // Drawcord at the waist.
      stitch(p, 'M316 680 Q500 700 684 680'),
      back ? '' : line(p, 'M470 690 L462 740 M530 690 L538 740', 3),
      stitch(p, 'M316 984 Q500 1004 684 984'),
      fold(p, 'M226 560 Q236 720 222 860', 10),
      fold(p, 'M774 560 Q764 720 778 860', 10),
      fold(p, 'M490 620 Q496 700 488 760', 10),
    ].join('');
  },
};

const shellJacket: KindDrawing = {
  hasBack: true,
  focus: [560, 440],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) =>
    [
      sleeves(p, 896),
      // Hook-and-loop cuff tabs.
      pair((d) => shape(p, d, p.dark), 'M196 860 L268 872 L262 904 L192 894 Z'),
      shape(p, 'M318 330 L430 290 Q500 322 570 290 L682 330 L680 990 Q500 1030 320 990 Z'),
      // Contrast panels over the shoulders, as on mountain shells.
      pair((d) => shape(p, d, p.dark), 'M430 292 L318 330 L300 420 Q380 440 452 388 Z'),
      hood(p, back, true),
      back
        ? ''
        : [
            // High collar, centre zip, and a zipped chest pocket.
            pair((d) => shape(p, d, 'url(#bv)'), 'M440 300 L500 320 L500 420 L452 396 Z'),
            zip(p, 316, 1004),
            line(p, 'M600 440 L612 600', 7),
            `<rect x="594" y="444" width="14" height="30" rx="5" fill="url(#metal)" stroke="${p.line}" stroke-width="2"/>`,
            pair((d) => line(p, d, 6), 'M360 720 L392 860'),
          ].join(''),
      stitch(p, 'M326 970 Q500 1008 674 970'),
      fold(p, 'M380 560 Q400 760 372 960'),
      fold(p, 'M226 560 Q236 720 222 860', 10),
      fold(p, 'M774 560 Q764 720 778 860', 10),
      highlight('M348 440 L400 424 L388 960 L336 970 Z', 0.2),
    ].join(''),
};

export const JACKET_DRAWINGS = {
  'denim-jacket': denimJacket,
  'puffer-jacket': pufferJacket,
  'rain-jacket': rainJacket,
  'field-jacket': fieldJacket,
  'shell-jacket': shellJacket,
} as const;
