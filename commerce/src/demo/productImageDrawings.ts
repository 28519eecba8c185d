// One illustration per demo product kind, on a 1000×1250 canvas. Shapes stand on the floor
// line y=1010 (or hang from the top for garments) so every view can compose them the same way.
// Fills reference paint servers that productImage.ts defines: #b (body, lit from the left), #bv
// (body, lit from above), #metal, #wood, #leaf, #glass; and for material and light #sheen,
// #spec, #rimH, #rimV, #contact and the repeating thread gradients (#weaveH/V, #ripH/V,
// #terryH). Garments get their cloth grain and light from the #drop filter instead.
// Keep paint cheap in every view: fill-/stroke-opacity rather than opacity (which makes librsvg
// render the element on its own surface), and no <pattern> (slow once a view scales it).
import type { Palette } from './productImageColour';
import type { DemoImageKind } from './productImage';
import { JACKET_DRAWINGS } from './productImageJackets';
import { fold, gloss, highlight, line, ribBand, shape, stitch } from './productImagePen';
import type { KindDrawing } from './productImagePen';

export type { Fabric, KindDrawing, Stage } from './productImagePen';

/** Shading of a rounded body: its edges turn away from the light (H: left/right, V: top/bottom). */
function rim(d: string, direction: 'H' | 'V' = 'H', opacity = 1): string {
  return `<path d="${d}" fill="url(#rim${direction})" fill-opacity="${opacity}"/>`;
}

const THREADS = { weave: 'weave', ripstop: 'rip', terry: 'terry' } as const;

/** Woven threads laid over a shape: plain weave (canvas, linen), ripstop grid (nylon) or terry loops. */
function texture(d: string, cloth: keyof typeof THREADS, opacity = 1): string {
  const id = THREADS[cloth];
  // Terry reads as rows of loops; one direction is enough (and half the cost).
  return (
    `<path d="${d}" fill="url(#${id}H)" fill-opacity="${opacity}"/>` +
    (cloth === 'terry' ? '' : `<path d="${d}" fill="url(#${id}V)" fill-opacity="${opacity}"/>`)
  );
}

/** A small deterministic random sequence, so a grain is the same in every render. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

/**
 * Scattered dots inside a region: speckled glaze on stoneware and terracotta, or (small, dark and
 * light) the pebbling of leather.
 */
function speckle(
  p: Palette,
  seed: number,
  count: number,
  [x0, y0, x1, y1]: readonly [number, number, number, number],
  inside: (x: number, y: number) => boolean = () => true,
  size: readonly [number, number] = [1.2, 3],
  lightShare = 0,
): string {
  const random = seeded(seed);
  // Glaze specks are dark on any colour; leather grain stays in the product's own tones.
  const ink = lightShare > 0 ? p.darker : p.line;
  const dots: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = x0 + random() * (x1 - x0);
    const y = y0 + random() * (y1 - y0);
    const r = size[0] + random() * (size[1] - size[0]);
    const light = random() < lightShare;
    if (!inside(x, y)) continue;
    dots.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${light ? '#ffffff' : ink}" fill-opacity="${light ? 0.2 : (0.22 + random() * 0.28).toFixed(2)}"/>`,
    );
  }
  return dots.join('');
}

/** The dark, tight shadow where an object touches the floor. */
function contact(cx: number, rx: number, y = 1010): string {
  return `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${Math.max(9, rx / 7).toFixed(1)}" fill="url(#contact)"/>`;
}

/** A wooden leg or rail from (x1 y1) to (x2 y2): dark edge, wood gradient, grain along its length. */
function woodRail(x1: number, y1: number, x2: number, y2: number, width = 18): string {
  const d = `M${x1} ${y1} L${x2} ${y2}`;
  const length = Math.hypot(x2 - x1, y2 - y1);
  // Unit normal, for grain lines running alongside the centre line.
  const nx = -(y2 - y1) / length;
  const ny = (x2 - x1) / length;
  const grain = (offset: number, dashes: string, colour: string, alpha: number) =>
    `<path d="M${(x1 + nx * offset).toFixed(1)} ${(y1 + ny * offset).toFixed(1)} L${(x2 + nx * offset).toFixed(1)} ${(y2 + ny * offset).toFixed(1)}" stroke="${colour}" stroke-width="1.6" stroke-dasharray="${dashes}" stroke-opacity="${alpha}"/>`;
  return [
    `<path d="${d}" stroke="#6b4a2e" stroke-width="${width + 8}" stroke-linecap="round"/>`,
    `<path d="${d}" stroke="url(#wood)" stroke-width="${width}" stroke-linecap="round"/>`,
    grain(-width * 0.22, '60 14 90 10 40 18', '#5a3a1e', 0.45),
    grain(width * 0.18, '30 10 120 16 50 8', '#5a3a1e', 0.35),
    grain(-width * 0.02, '18 70 26 90', '#fff2dc', 0.4),
  ].join('');
}

const tee: KindDrawing = {
  hasBack: true,
  focus: [500, 360],
  stage: 'hanger',
  fabric: 'jersey',
  draw: (p, back) => {
    const neck = back ? 'Q500 322 420 292' : 'Q500 372 420 292';
    return [
      shape(
        p,
        `M420 292 L300 332 L190 478 L288 532 L334 474 L332 985 Q500 1000 668 985 L666 474 L712 532 L810 478 L700 332 L580 292 ${neck} Z`,
      ),
      back ? '' : shape(p, 'M420 292 Q500 372 580 292 Q500 350 420 292 Z', p.dark),
      back ? line(p, 'M424 296 Q500 322 576 296', 6) : stitch(p, 'M432 304 Q500 362 568 304'),
      stitch(p, 'M300 332 Q316 410 334 474'),
      stitch(p, 'M700 332 Q684 410 666 474'),
      stitch(p, 'M204 488 L282 528'),
      stitch(p, 'M796 488 L718 528'),
      stitch(p, 'M336 962 Q500 976 664 962'),
      fold(p, 'M380 560 Q420 700 392 880'),
      fold(p, 'M612 600 Q596 760 628 920'),
      highlight('M350 360 L420 300 Q440 340 470 360 L380 700 Z', 0.12),
    ].join('');
  },
};

const longSleeveTee: KindDrawing = {
  hasBack: true,
  focus: [500, 400],
  stage: 'hanger',
  fabric: 'jersey',
  draw: (p, back) => {
    const neck = back ? 'Q500 322 420 292' : 'Q500 372 420 292';
    return [
      // Long, slim sleeves hang beside the body, behind it.
      shape(p, 'M300 332 Q236 364 220 476 L190 866 L268 880 Q288 700 312 560 L334 476 Z'),
      shape(p, 'M700 332 Q764 364 780 476 L810 866 L732 880 Q712 700 688 560 L666 476 Z'),
      stitch(p, 'M193 846 L269 860'),
      stitch(p, 'M807 846 L731 860'),
      fold(p, 'M200 780 Q232 772 262 790', 9),
      fold(p, 'M800 780 Q768 772 738 790', 9),
      fold(p, 'M214 690 Q240 700 270 690', 8),
      fold(p, 'M786 690 Q760 700 730 690', 8),
      shape(
        p,
        `M420 292 L300 332 Q318 410 334 476 L332 985 Q500 1000 668 985 L666 476 Q682 410 700 332 L580 292 ${neck} Z`,
      ),
      back ? '' : shape(p, 'M420 292 Q500 372 580 292 Q500 350 420 292 Z', p.dark),
      back ? line(p, 'M424 296 Q500 322 576 296', 6) : stitch(p, 'M432 304 Q500 362 568 304'),
      stitch(p, 'M300 332 Q316 410 334 476'),
      stitch(p, 'M700 332 Q684 410 666 476'),
      stitch(p, 'M336 962 Q500 976 664 962'),
      fold(p, 'M390 560 Q420 720 396 900'),
      fold(p, 'M612 600 Q596 760 626 930'),
      highlight('M350 400 L410 380 L400 760 L352 760 Z', 0.12),
    ].join('');
  },
};

const tank: KindDrawing = {
  hasBack: true,
  focus: [500, 380],
  stage: 'hanger',
  fabric: 'jersey',
  draw: (p, back) => {
    // Narrow straps rest on the hanger's arms (which slope from y=258 at the hook).
    const neck = back
      ? 'C456 306 480 326 500 326 C520 326 544 306 554 281'
      : 'C448 372 464 412 500 412 C536 412 552 372 554 281';
    const body = `M382 307 L446 281 ${neck} L618 307 C616 392 630 480 674 522 Q686 750 682 968 Q500 986 318 968 Q314 750 326 522 C370 480 384 392 382 307 Z`;
    const binding = (d: string) =>
      `<path d="${d}" fill="none" stroke="${p.dark}" stroke-width="13"/>` +
      `<path d="${d}" fill="none" stroke="${p.darker}" stroke-width="9" stroke-dasharray="2 5" stroke-opacity="0.4"/>`;
    return [
      `<defs><linearGradient id="rib" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="12" y2="0" spreadMethod="repeat">${[
        [0.1, p.darker, 0],
        [0.14, p.darker, 0.5],
        [0.36, p.darker, 0.5],
        [0.42, p.darker, 0],
        [0.58, p.lighter, 0],
        [0.64, p.lighter, 0.42],
        [0.8, p.lighter, 0.42],
        [0.86, p.lighter, 0],
      ]
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
        .join('')}</linearGradient></defs>`,
      shape(p, body),
      // Fine vertical ribs over the whole knit.
      `<path d="${body}" fill="url(#rib)"/>`,
      binding(
        back
          ? 'M452 284 C462 310 482 319 500 319 C518 319 538 310 548 284'
          : 'M452 284 C454 366 468 404 500 404 C532 404 546 366 548 284',
      ),
      binding('M389 309 C391 392 377 478 334 520'),
      binding('M611 309 C609 392 623 478 666 520'),
      line(p, `M446 281 ${neck}`, 5),
      line(p, 'M382 307 C384 392 370 480 326 522', 5),
      line(p, 'M618 307 C616 392 630 480 674 522', 5),
      stitch(p, 'M324 946 Q500 964 676 946'),
      fold(p, 'M398 600 Q420 760 396 920'),
      fold(p, 'M606 620 Q590 780 616 930'),
      highlight('M346 560 L396 540 L390 910 L340 910 Z', 0.14),
    ].join('');
  },
};

const hoodie: KindDrawing = {
  hasBack: true,
  focus: [500, 380],
  stage: 'hanger',
  fabric: 'fleece',
  draw: (p, back) =>
    [
      // Sleeves behind the body.
      shape(p, 'M318 350 L232 420 Q196 620 184 880 L270 896 Q292 700 330 520 Z'),
      shape(p, 'M682 350 L768 420 Q804 620 816 880 L730 896 Q708 700 670 520 Z'),
      shape(p, 'M182 874 L272 890 L266 940 L176 926 Z', 'url(#bv)'),
      shape(p, 'M818 874 L728 890 L734 940 L824 926 Z', 'url(#bv)'),
      shape(p, 'M318 350 Q410 310 430 300 L570 300 Q590 310 682 350 L680 900 L320 900 Z'),
      shape(p, 'M320 900 L680 900 L676 972 Q500 988 324 972 Z', 'url(#bv)'),
      stitch(p, 'M330 914 Q500 924 670 914'),
      back
        ? shape(p, 'M380 318 Q380 200 500 188 Q620 200 620 318 Q600 470 500 500 Q400 470 380 318 Z')
        : [
            shape(p, 'M372 330 Q360 200 500 186 Q640 200 628 330 Q600 380 500 396 Q400 380 372 330 Z'),
            shape(p, 'M420 320 Q430 236 500 228 Q570 236 580 320 Q540 360 500 364 Q460 360 420 320 Z', p.darker),
            line(p, 'M470 372 L462 520', 5),
            line(p, 'M530 372 L538 520', 5),
            `<rect x="454" y="516" width="16" height="30" rx="5" fill="${p.lighter}"/><rect x="530" y="516" width="16" height="30" rx="5" fill="${p.lighter}"/>`,
            shape(p, 'M378 700 L622 700 L660 890 L340 890 Z', 'url(#bv)'),
            line(p, 'M400 712 Q384 800 360 880', 3),
            line(p, 'M600 712 Q616 800 640 880', 3),
          ].join(''),
      fold(p, 'M360 460 Q380 600 356 720'),
      fold(p, 'M640 470 Q620 620 646 760'),
      fold(p, 'M220 560 Q230 700 212 820', 10),
      fold(p, 'M780 560 Q770 700 788 820', 10),
    ].join(''),
};

function sweatshirt(halfZip: boolean): KindDrawing {
  return {
    hasBack: true,
    focus: [500, 400],
    stage: 'hanger',
    fabric: 'fleece',
    draw: (p, back) => {
      const front = !back;
      const neckTop = back || halfZip ? 'Q500 316 564 300' : 'Q500 346 564 300';
      return [
        // Raglan sleeves run up to the neck; the body laps over them.
        shape(p, 'M436 300 Q366 306 320 338 Q268 378 256 470 L208 858 L292 872 Q308 700 338 528 Z'),
        shape(p, 'M564 300 Q634 306 680 338 Q732 378 744 470 L792 858 L708 872 Q692 700 662 528 Z'),
        fold(p, 'M240 700 Q264 712 290 700', 9),
        fold(p, 'M760 700 Q736 712 710 700', 9),
        fold(p, 'M230 800 Q256 790 286 808', 9),
        fold(p, 'M770 800 Q744 790 714 808', 9),
        // Ribbed cuffs, gathered a little narrower than the sleeve.
        ribBand(p, 'M214 886 L286 898', 50),
        ribBand(p, 'M786 886 L714 898', 50),
        shape(p, `M436 300 ${neckTop} L662 528 L666 904 L334 904 L338 528 Z`),
        stitch(p, 'M444 310 L348 530'),
        stitch(p, 'M556 310 L652 530'),
        // Ribbed hem band.
        ribBand(p, 'M338 934 Q500 942 662 934', 56),
        halfZip
          ? [
              // Ribbed stand collar, open at the zip in front.
              ribBand(p, 'M440 270 Q500 254 560 270', 40),
              front
                ? [
                    ribBand(p, 'M438 282 Q468 296 494 298', 44, '3 5'),
                    ribBand(p, 'M562 282 Q532 296 506 298', 44, '3 5'),
                    `<path d="M486 300 L486 540 L514 540 L514 300 Z" fill="${p.darker}"/>`,
                    `<path d="M500 278 L500 536" stroke="#bdbdbd" stroke-width="11"/>`,
                    `<path d="M500 278 L500 536" stroke="#7d7d7d" stroke-width="11" stroke-dasharray="3 3"/>`,
                    line(p, 'M486 300 L486 540 L514 540 L514 300', 3),
                    `<rect x="489" y="292" width="22" height="44" rx="6" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
                    gloss(496, 304, 5, 10, 0.7),
                  ].join('')
                : ribBand(p, 'M438 288 Q500 306 562 288', 40, '3 5'),
            ].join('')
          : front
            ? [
                shape(p, 'M436 300 Q500 276 564 300 Q500 346 436 300 Z', p.darker),
                ribBand(p, 'M444 296 Q500 274 556 296', 14, '2.5 5'),
                ribBand(p, 'M432 302 Q500 358 568 302', 24, '2.5 5'),
                // The little V insert under a classic crew collar.
                line(p, 'M482 344 L500 382 L518 344', 3),
              ].join('')
            : ribBand(p, 'M434 298 Q500 318 566 298', 26, '2.5 5'),
        fold(p, 'M380 600 Q398 740 372 880'),
        fold(p, 'M622 620 Q604 760 632 890'),
        highlight('M360 560 L410 540 L400 880 L352 880 Z', 0.12),
      ].join('');
    },
  };
}

const jacket: KindDrawing = {
  hasBack: true,
  focus: [500, 420],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) =>
    [
      shape(p, 'M318 330 L236 400 Q200 620 190 890 L280 902 Q298 700 334 500 Z'),
      shape(p, 'M682 330 L764 400 Q800 620 810 890 L720 902 Q702 700 666 500 Z'),
      shape(p, 'M318 330 L430 290 L500 330 L570 290 L682 330 L680 960 Q500 980 320 960 Z'),
      back
        ? [
            shape(p, 'M430 290 Q500 260 570 290 L576 330 Q500 310 424 330 Z', p.dark),
            stitch(p, 'M326 470 Q500 510 674 470'),
            line(p, 'M500 510 L500 960', 3),
          ].join('')
        : [
            shape(p, 'M430 290 L500 330 L470 560 L400 420 L420 340 Z', p.dark),
            shape(p, 'M570 290 L500 330 L530 560 L600 420 L580 340 Z', p.dark),
            `<path d="M500 340 L500 966" stroke="#b9b9b9" stroke-width="9"/>`,
            line(p, 'M500 340 L500 966', 2),
            `<rect x="488" y="360" width="24" height="44" rx="6" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
            shape(p, 'M360 700 L460 700 L460 740 L360 740 Z', p.dark),
            shape(p, 'M540 700 L640 700 L640 740 L540 740 Z', p.dark),
            stitch(p, 'M366 720 L454 720'),
            stitch(p, 'M546 720 L634 720'),
          ].join(''),
      stitch(p, 'M326 920 Q500 940 674 920'),
      shape(p, 'M190 884 L280 896 L278 930 L188 920 Z', p.dark),
      shape(p, 'M810 884 L720 896 L722 930 L812 920 Z', p.dark),
      fold(p, 'M380 560 Q400 700 374 860'),
      fold(p, 'M226 560 Q236 700 222 840', 10),
      fold(p, 'M774 560 Q764 700 778 840', 10),
    ].join(''),
};

const coat: KindDrawing = {
  hasBack: true,
  focus: [500, 470],
  stage: 'hanger',
  fabric: 'wool',
  draw: (p, back) => {
    const button = (x: number, y: number, r = 13) =>
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.darker}" stroke="${p.line}" stroke-width="3"/>` +
      `<circle cx="${x}" cy="${y}" r="${r - 5}" fill="none" stroke="${p.dark}" stroke-width="2"/>` +
      gloss(x - r / 3, y - r / 3, r / 2, r / 2.6, 0.55);
    return [
      // Sleeves end at the hip; the coat goes on to the knee.
      shape(p, 'M334 318 Q268 342 250 424 L214 790 L304 802 Q318 640 340 470 Z'),
      shape(p, 'M666 318 Q732 342 750 424 L786 790 L696 802 Q682 640 660 470 Z'),
      line(p, 'M220 746 L306 758', 3),
      line(p, 'M780 746 L694 758', 3),
      back ? '' : button(236, 770, 8) + button(256, 774, 8),
      back ? '' : button(764, 770, 8) + button(744, 774, 8),
      fold(p, 'M266 520 Q276 640 262 740', 10),
      fold(p, 'M734 520 Q724 640 738 740', 10),
      shape(
        p,
        'M334 318 L446 292 Q500 306 554 292 L666 318 Q676 400 662 470 L702 1034 Q500 1058 298 1034 L338 470 Q324 400 334 318 Z',
      ),
      back
        ? [
            shape(p, 'M442 294 Q500 272 558 294 L566 322 Q500 302 434 322 Z', p.dark),
            line(p, 'M500 312 L500 880', 3),
            // Vent and half-belt.
            line(p, 'M500 880 L500 1046 M500 880 L520 900 L520 1044', 3),
            shape(p, 'M392 576 L608 576 L608 614 L392 614 Z', p.dark),
            stitch(p, 'M398 584 L602 584 M398 606 L602 606'),
            button(412, 595, 10),
            button(588, 595, 10),
          ].join('')
        : [
            // Lining inside the open neck, then notched lapels down to the top button.
            shape(p, 'M446 292 Q500 314 554 292 L500 566 Z', p.darker),
            shape(p, 'M446 292 L404 318 L394 388 L424 398 L380 422 L500 566 Z', p.dark),
            shape(p, 'M554 292 L596 318 L606 388 L576 398 L620 422 L500 566 Z', p.dark),
            line(p, 'M424 398 L456 368 M576 398 L544 368', 3),
            stitch(p, 'M410 326 L402 382 M590 326 L598 382'),
            line(p, 'M500 566 Q510 800 512 1047', 4),
            button(478, 606),
            button(478, 720),
            button(478, 834),
            // Flap pockets.
            shape(p, 'M342 772 L452 764 L454 806 L344 814 Z', 'url(#bv)'),
            shape(p, 'M548 764 L658 772 L656 814 L546 806 Z', 'url(#bv)'),
            stitch(p, 'M350 780 L446 773 M554 773 L650 780'),
          ].join(''),
      stitch(p, 'M306 1012 Q500 1036 694 1012'),
      fold(p, 'M392 640 Q380 840 356 1020', 16),
      fold(p, 'M612 660 Q626 850 646 1024', 16),
      fold(p, 'M462 880 Q470 960 462 1040', 10),
      highlight('M348 480 L396 470 L370 1000 L318 1010 Z', 0.12),
    ].join('');
  },
};

const dress: KindDrawing = {
  hasBack: true,
  focus: [500, 460],
  stage: 'hanger',
  fabric: 'woven',
  draw: (p, back) =>
    [
      shape(
        p,
        back
          ? 'M420 250 L446 250 L468 300 Q500 316 532 300 L554 250 L580 250 L604 360 Q616 460 592 560 L730 1000 Q500 1050 270 1000 L408 560 Q384 460 396 360 Z'
          : 'M420 250 L446 250 L464 330 Q500 380 536 330 L554 250 L580 250 L604 360 Q616 460 592 560 L730 1000 Q500 1050 270 1000 L408 560 Q384 460 396 360 Z',
      ),
      shape(p, 'M404 548 Q500 568 596 548 L600 590 Q500 610 400 590 Z', p.dark),
      back ? line(p, 'M500 310 L500 548', 3) : stitch(p, 'M470 336 Q500 370 530 336'),
      fold(p, 'M440 610 Q420 800 360 990', 16),
      fold(p, 'M520 620 Q530 820 540 1015', 14),
      fold(p, 'M580 610 Q620 800 660 1000', 16),
      highlight('M410 620 L470 610 Q440 800 330 1000 L290 995 Z', 0.14),
      stitch(p, 'M282 980 Q500 1030 718 980'),
    ].join(''),
};

function trousersShape(p: Palette, back: boolean, legEnd: number, crotch: number, flare: number): string {
  return [
    shape(
      p,
      `M340 300 L660 300 L${680 + flare} ${legEnd} L${520} ${legEnd} L500 ${crotch} L480 ${legEnd} L${320 - flare} ${legEnd} Z`,
    ),
    shape(p, 'M338 246 L662 246 L662 302 L338 302 Z', p.dark),
    ...[372, 446, 554, 628].map(
      (x) =>
        `<rect x="${x - 7}" y="240" width="14" height="68" rx="4" fill="${p.dark}" stroke="${p.line}" stroke-width="3"/>`,
    ),
    back
      ? [
          shape(p, 'M380 360 L470 360 L466 460 Q425 476 384 460 Z', 'url(#bv)'),
          shape(p, 'M620 360 L530 360 L534 460 Q575 476 616 460 Z', 'url(#bv)'),
          line(p, `M500 302 L500 ${crotch}`, 3),
        ].join('')
      : [
          `<circle cx="500" cy="274" r="10" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
          stitch(p, `M500 304 L500 ${crotch - 40} Q520 ${crotch - 10} 530 ${crotch - 60} L530 304`),
          line(p, 'M352 306 Q410 330 420 400', 3),
          line(p, 'M648 306 Q590 330 580 400', 3),
        ].join(''),
    fold(p, `M${410 - flare / 2} 420 L${400 - flare} ${legEnd - 20}`, 6),
    fold(p, `M${590 + flare / 2} 420 L${600 + flare} ${legEnd - 20}`, 6),
    stitch(p, `M${326 - flare} ${legEnd - 18} L${472} ${legEnd - 18}`),
    stitch(p, `M${528} ${legEnd - 18} L${674 + flare} ${legEnd - 18}`),
  ].join('');
}

const trousers: KindDrawing = {
  hasBack: true,
  focus: [500, 330],
  stage: 'clip',
  fabric: 'woven',
  draw: (p, back) => trousersShape(p, back, 1010, 460, 20),
};

const shorts: KindDrawing = {
  hasBack: true,
  focus: [500, 330],
  stage: 'clip',
  fabric: 'woven',
  draw: (p, back) => `<g transform="translate(-125 -60) scale(1.25)">${trousersShape(p, back, 700, 470, 40)}</g>`,
};

const skirt: KindDrawing = {
  hasBack: true,
  focus: [500, 330],
  stage: 'clip',
  fabric: 'woven',
  draw: (p, back) =>
    [
      shape(p, 'M360 300 L640 300 L770 900 Q500 950 230 900 Z'),
      shape(p, 'M356 250 L644 250 L644 304 L356 304 Z', p.dark),
      back
        ? line(p, 'M500 304 L500 520', 4)
        : `<circle cx="610" cy="277" r="10" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
      ...[-2, -1, 0, 1, 2].map((i) => fold(p, `M${500 + i * 55} 320 L${500 + i * 115} 915`, 12)),
      highlight('M380 320 L430 320 L340 930 L260 915 Z', 0.12),
      stitch(p, 'M246 880 Q500 930 754 880'),
    ].join(''),
};

const SNEAKER_SOLE = 'M170 860 Q160 800 200 780 L820 780 Q870 800 860 860 Q850 900 800 905 L230 905 Q176 900 170 860 Z';
const SNEAKER_UPPER = 'M200 790 Q190 620 250 560 Q310 520 380 560 L480 640 Q600 690 740 700 Q840 720 850 790 Z';

const sneaker: KindDrawing = {
  hasBack: false,
  focus: [520, 780],
  stage: 'podium',
  draw: (p) =>
    `<g transform="translate(500 1010) scale(1.1) translate(-500 -905)">` +
    [
      contact(515, 330, 905),
      shape(p, SNEAKER_SOLE, '#f4f2ee'),
      rim(SNEAKER_SOLE, 'V'),
      line(p, 'M180 840 L850 840', 3),
      shape(p, SNEAKER_UPPER),
      rim(SNEAKER_UPPER, 'V', 0.8),
      shape(p, 'M700 700 Q820 706 850 790 L700 790 Q690 740 700 700 Z', p.light),
      shape(p, 'M250 560 Q300 520 380 560 L420 590 Q340 600 290 640 Z', p.dark),
      shape(p, 'M330 700 Q420 640 520 660 Q600 680 660 720 Q560 730 470 760 Q400 780 330 760 Z', p.lighter),
      ...[0, 1, 2, 3].map((i) => line(p, `M${405 + i * 48} ${600 + i * 26} L${445 + i * 48} ${580 + i * 26}`, 6)),
      shape(p, 'M196 620 Q180 560 222 548 L248 580 Q214 590 208 640 Z', p.darker),
      stitch(p, 'M212 770 L836 770'),
      gloss(300, 610, 46, 20, 0.45),
      gloss(770, 728, 44, 14, 0.4),
    ].join('') +
    '</g>',
};

const BOOT_UPPER = 'M320 300 L560 300 L580 640 Q620 700 760 740 Q850 770 850 900 L310 900 Q300 700 320 300 Z';
/** Roughly inside BOOT_UPPER: the shaft, then the foot below the ankle. */
const insideBoot = (x: number, y: number) =>
  (x > 326 && x < 556 && y > 308) || (y > 700 + Math.max(0, x - 600) * 0.45 && x < 842 && y < 894);

const boot: KindDrawing = {
  hasBack: false,
  focus: [440, 500],
  stage: 'podium',
  draw: (p) =>
    [
      contact(580, 300),
      shape(p, 'M300 960 L300 900 L820 900 Q860 910 860 950 L860 975 L300 975 Z', '#2c2a28'),
      shape(p, 'M300 975 L300 1010 L410 1010 L410 975 Z', '#3a3634'),
      shape(p, BOOT_UPPER),
      speckle(p, 11, 900, [312, 302, 850, 900], insideBoot, [1, 2.4], 0.4),
      rim(BOOT_UPPER),
      shape(p, 'M320 300 L560 300 L562 340 L318 340 Z', p.dark),
      shape(p, 'M430 260 L470 260 L470 310 L430 310 Z', p.darker),
      ...[0, 1, 2, 3, 4].map(
        (i) =>
          `<circle cx="${520 + i * 6}" cy="${400 + i * 60}" r="9" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>` +
          line(p, `M${520 + i * 6} ${400 + i * 60} L${580 + i * 6} ${430 + i * 60}`, 6),
      ),
      shape(p, 'M640 720 Q760 740 830 800 Q850 860 850 900 L700 900 Q690 800 640 720 Z', p.light),
      stitch(p, 'M318 880 L846 880'),
      fold(p, 'M360 420 Q380 600 350 860', 16),
      gloss(760, 790, 60, 26, 0.5),
      gloss(400, 520, 22, 110, 0.35),
    ].join(''),
};

const CAP_CROWN = 'M240 810 Q220 520 500 470 Q780 520 770 810 Q500 760 240 810 Z';

const cap: KindDrawing = {
  hasBack: false,
  focus: [500, 560],
  stage: 'podium',
  draw: (p) =>
    [
      contact(540, 270, 990),
      shape(p, 'M230 800 Q500 760 780 800 Q880 880 820 960 Q520 1040 300 950 Q190 880 230 800 Z', 'url(#bv)'),
      shape(p, 'M300 820 Q400 1000 700 940 Q800 910 820 960 Q520 1040 300 950 Z', p.darker),
      shape(p, CAP_CROWN),
      texture(CAP_CROWN, 'weave'),
      rim(CAP_CROWN),
      line(p, 'M500 472 Q470 640 500 780', 3),
      line(p, 'M500 472 Q380 580 360 790', 3),
      line(p, 'M500 472 Q620 580 640 790', 3),
      stitch(p, 'M254 790 Q500 740 756 790'),
      `<ellipse cx="500" cy="472" rx="26" ry="14" fill="${p.dark}" stroke="${p.line}" stroke-width="4"/>`,
      highlight('M300 640 Q340 530 460 500 Q380 560 350 700 Z', 0.22),
      ...[0, 1, 2].map(
        (i) => `<circle cx="${420 + i * 80}" cy="${600 + (i === 1 ? -30 : 0)}" r="7" fill="${p.darker}"/>`,
      ),
    ].join(''),
};

const BAG_BODY = 'M280 540 L720 540 L790 1000 Q500 1020 210 1000 Z';

const bag: KindDrawing = {
  hasBack: true,
  focus: [500, 560],
  stage: 'podium',
  draw: (p, back) =>
    [
      `<path d="M360 560 Q360 300 500 300 Q640 300 640 560" fill="none" stroke="${p.line}" stroke-width="34" stroke-linecap="round"/>`,
      `<path d="M360 560 Q360 300 500 300 Q640 300 640 560" fill="none" stroke="${p.dark}" stroke-width="24" stroke-linecap="round"/>`,
      contact(500, 300, 1008),
      shape(p, BAG_BODY),
      texture(BAG_BODY, 'weave'),
      rim(BAG_BODY),
      back
        ? stitch(p, 'M300 600 L700 600')
        : [
            shape(p, 'M270 540 L730 540 L740 720 Q500 770 260 720 Z', p.dark),
            stitch(p, 'M282 556 L718 556 L728 706 Q500 752 272 706 Z'),
            `<rect x="474" y="720" width="52" height="40" rx="8" fill="url(#metal)" stroke="${p.line}" stroke-width="4"/>`,
          ].join(''),
      ...[360, 640].map(
        (x) =>
          `<rect x="${x - 18}" y="528" width="36" height="30" rx="6" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
      ),
      fold(p, 'M300 780 L260 980', 18),
      highlight('M300 740 L360 740 L320 990 L240 990 Z', 0.12),
      rim(BAG_BODY, 'V', 0.8),
    ].join(''),
};

const BACKPACK_BODY =
  'M300 420 Q300 290 500 290 Q700 290 700 420 L720 960 Q720 1010 670 1010 L330 1010 Q280 1010 280 960 Z';

const backpack: KindDrawing = {
  hasBack: true,
  focus: [500, 520],
  stage: 'podium',
  draw: (p, back) =>
    [
      `<path d="M450 300 Q450 230 500 230 Q550 230 550 300" fill="none" stroke="${p.darker}" stroke-width="22" stroke-linecap="round"/>`,
      contact(500, 240),
      shape(p, BACKPACK_BODY),
      texture(BACKPACK_BODY, 'ripstop'),
      rim(BACKPACK_BODY),
      back
        ? [
            shape(p, 'M360 330 Q420 320 430 380 L420 900 Q400 930 370 900 L340 380 Z', p.darker),
            shape(p, 'M640 330 Q580 320 570 380 L580 900 Q600 930 630 900 L660 380 Z', p.darker),
            `<rect x="420" y="500" width="160" height="280" rx="40" fill="${p.dark}" stroke="${p.line}" stroke-width="4"/>`,
            ...[560, 640, 720].map((y) => stitch(p, `M430 ${y} L570 ${y}`)),
          ].join('')
        : [
            line(p, 'M310 470 Q500 400 690 470', 5),
            `<rect x="492" y="410" width="16" height="50" rx="6" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
            shape(p, 'M350 650 L650 650 L660 940 Q660 970 630 970 L370 970 Q340 970 340 940 Z', p.dark),
            line(p, 'M352 690 L648 690', 4),
            `<rect x="600" y="676" width="14" height="40" rx="5" fill="url(#metal)" stroke="${p.line}" stroke-width="3"/>`,
            stitch(p, 'M362 710 L638 710 L646 936 Q646 954 628 954 L372 954 Q354 954 354 936 Z'),
          ].join(''),
      shape(p, 'M280 640 L250 650 L250 900 L282 910 Z', p.darker),
      shape(p, 'M720 640 L750 650 L750 900 L718 910 Z', p.darker),
      highlight('M320 420 Q330 320 420 305 Q360 360 350 460 Z', 0.22),
      rim(BACKPACK_BODY, 'V', 0.7),
    ].join(''),
};

const scarf: KindDrawing = {
  hasBack: false,
  focus: [500, 420],
  stage: 'hanger',
  fabric: 'knit',
  draw: (p) => {
    const stripes = (x: number, top: number, bottom: number) =>
      [0.18, 0.82]
        .map(
          (t) =>
            `<rect x="${x}" y="${top + (bottom - top) * t}" width="150" height="26" fill="${p.lighter}" fill-opacity="0.8"/>`,
        )
        .join('');
    const fringe = (x: number, y: number) =>
      Array.from({ length: 9 }, (_, i) => line(p, `M${x + 10 + i * 16.5} ${y} L${x + 8 + i * 16.5} ${y + 50}`, 4)).join(
        '',
      );
    return [
      shape(p, 'M330 300 Q500 250 670 300 L660 380 Q500 340 340 380 Z', p.dark),
      shape(p, 'M340 330 L490 330 L490 960 L340 960 Z'),
      stripes(340, 330, 960),
      fringe(340, 960),
      shape(p, 'M510 330 L660 330 L660 860 L510 860 Z', 'url(#bv)'),
      stripes(510, 330, 860),
      fringe(510, 860),
      ...[380, 420, 450].map((x) => fold(p, `M${x} 360 L${x} 940`, 8)),
      ...[550, 590, 620].map((x) => fold(p, `M${x} 360 L${x} 840`, 8)),
    ].join('');
  },
};

const watch: KindDrawing = {
  hasBack: false,
  focus: [500, 620],
  stage: 'podium',
  draw: (p) => {
    const ticks = Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const r1 = i % 3 === 0 ? 130 : 145;
      return line(
        p,
        `M${(500 + Math.sin(a) * r1).toFixed(1)} ${(620 - Math.cos(a) * r1).toFixed(1)} L${(500 + Math.sin(a) * 160).toFixed(1)} ${(620 - Math.cos(a) * 160).toFixed(1)}`,
        i % 3 === 0 ? 8 : 4,
      );
    }).join('');
    const upper = 'M420 200 L580 200 L590 470 L410 470 Z';
    const lower = 'M410 770 L590 770 L580 1010 L420 1010 Z';
    return [
      contact(500, 110),
      shape(p, upper),
      speckle(p, 3, 160, [424, 206, 576, 466], undefined, [0.9, 2], 0.4),
      rim(upper),
      shape(p, lower, 'url(#bv)'),
      speckle(p, 5, 150, [424, 776, 576, 1004], undefined, [0.9, 2], 0.4),
      rim(lower),
      ...[260, 320, 380].map((y) => `<circle cx="500" cy="${y}" r="9" fill="${p.darker}"/>`),
      stitch(p, 'M436 210 L446 460 M564 210 L554 460'),
      stitch(p, 'M446 780 L436 1000 M554 780 L564 1000'),
      `<rect x="688" y="596" width="34" height="48" rx="8" fill="url(#metal)" stroke="#555" stroke-width="4"/>`,
      `<circle cx="500" cy="620" r="200" fill="url(#metal)" stroke="#4a4a4a" stroke-width="6"/>`,
      `<circle cx="500" cy="620" r="172" fill="#fbfaf7" stroke="#8a8a8a" stroke-width="4"/>`,
      ticks,
      line(p, 'M500 620 L500 500', 10),
      line(p, 'M500 620 L590 670', 8),
      `<path d="M500 640 L500 470" stroke="#c8372d" stroke-width="3"/>`,
      `<circle cx="500" cy="620" r="14" fill="${p.line}"/>`,
      `<path d="M360 520 Q420 440 520 440 Q430 470 380 560 Z" fill="#ffffff" fill-opacity="0.45"/>`,
      gloss(420, 500, 60, 34, 0.6),
      `<circle cx="500" cy="620" r="172" fill="url(#rimH)" fill-opacity="0.5"/>`,
    ].join('');
  },
};

const sunglasses: KindDrawing = {
  hasBack: false,
  focus: [330, 760],
  stage: 'podium',
  draw: (p) => {
    const lens = (cx: number) =>
      `<path d="M${cx - 150} 560 Q${cx - 150} 540 ${cx - 120} 540 L${cx + 120} 540 Q${cx + 150} 540 ${cx + 146} 570 Q${cx + 130} 740 ${cx} 740 Q${cx - 140} 740 ${cx - 150} 560 Z" fill="url(#glass)" stroke="${p.base}" stroke-width="26" stroke-linejoin="round"/>` +
      `<path d="M${cx - 150} 560 Q${cx - 150} 540 ${cx - 120} 540 L${cx + 120} 540 Q${cx + 150} 540 ${cx + 146} 570 Q${cx + 130} 740 ${cx} 740 Q${cx - 140} 740 ${cx - 150} 560 Z" fill="none" stroke="${p.line}" stroke-width="4"/>` +
      `<path d="M${cx - 110} 570 L${cx - 40} 570 L${cx - 110} 680 Z" fill="#ffffff" fill-opacity="0.3"/>` +
      gloss(cx + 70, 690, 50, 18, 0.35);
    // Folded glasses rest on their temples on the floor.
    return `<g transform="translate(0 120)">${[
      contact(130, 40, 886),
      contact(870, 40, 886),
      `<path d="M190 560 L120 600 L130 880" fill="none" stroke="${p.dark}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M810 560 L880 600 L870 880" fill="none" stroke="${p.dark}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
      lens(330),
      lens(670),
      `<path d="M480 580 Q500 550 520 580" fill="none" stroke="${p.base}" stroke-width="24" stroke-linecap="round"/>`,
      `<path d="M170 545 L830 545" stroke="${p.light}" stroke-width="8" stroke-linecap="round" stroke-opacity="0.6"/>`,
    ].join('')}</g>`;
  },
};

const MUG_BODY = 'M240 400 L720 400 L720 940 Q720 1010 480 1010 Q240 1010 240 940 Z';

const mug: KindDrawing = {
  hasBack: false,
  focus: [640, 620],
  stage: 'podium',
  draw: (p) =>
    [
      contact(480, 250),
      `<path d="M680 520 Q860 520 860 700 Q860 860 680 860" fill="none" stroke="${p.line}" stroke-width="74" stroke-linecap="round"/>`,
      `<path d="M680 520 Q860 520 860 700 Q860 860 680 860" fill="none" stroke="${p.dark}" stroke-width="62" stroke-linecap="round"/>`,
      shape(p, MUG_BODY),
      speckle(p, 7, 170, [252, 450, 708, 996], (x, y) => y < 940 || Math.hypot((x - 480) / 228, (y - 940) / 62) < 1),
      rim(MUG_BODY),
      `<ellipse cx="480" cy="400" rx="240" ry="54" fill="${p.light}" stroke="${p.line}" stroke-width="5"/>`,
      `<ellipse cx="480" cy="404" rx="214" ry="40" fill="#5a3a26"/>`,
      `<ellipse cx="480" cy="412" rx="200" ry="30" fill="#6e4a31"/>`,
      `<path d="M282 470 L322 466 L322 920 L282 900 Z" fill="url(#sheen)" fill-opacity="0.55"/>`,
      gloss(302, 520, 20, 60, 0.8),
      fold(p, 'M690 460 L690 960', 20),
    ].join(''),
};

const BOTTLE_BODY =
  'M420 330 L580 330 Q600 370 650 400 Q680 420 680 470 L680 960 Q680 1010 630 1010 L370 1010 Q320 1010 320 960 L320 470 Q320 420 350 400 Q400 370 420 330 Z';

const bottle: KindDrawing = {
  hasBack: false,
  focus: [500, 360],
  stage: 'podium',
  draw: (p) =>
    [
      contact(500, 190),
      shape(p, 'M420 230 L580 230 L580 330 L420 330 Z', 'url(#metal)'),
      `<path d="M440 240 Q500 170 560 240" fill="none" stroke="#777" stroke-width="18"/>`,
      shape(p, BOTTLE_BODY),
      rim(BOTTLE_BODY),
      `<rect x="322" y="600" width="356" height="150" fill="${p.dark}" fill-opacity="0.6"/>`,
      `<circle cx="500" cy="675" r="40" fill="none" stroke="${p.lighter}" stroke-width="8"/>`,
      `<path d="M358 470 L396 452 L396 958 L358 958 Z" fill="url(#sheen)" fill-opacity="0.6"/>`,
      gloss(378, 500, 18, 50, 0.8),
      fold(p, 'M640 470 L640 970', 22),
    ].join(''),
};

const LAMP_SHADE = 'M340 240 L660 240 L760 560 Q500 600 240 560 Z';

const lamp: KindDrawing = {
  hasBack: false,
  focus: [500, 380],
  stage: 'podium',
  // The shade carries the colour; the stand stays metal so it reads as a lamp.
  draw: (p) =>
    [
      `<ellipse cx="500" cy="560" rx="300" ry="120" fill="#fff6d8" fill-opacity="0.55"/>`,
      `<rect x="486" y="500" width="28" height="440" fill="url(#metal)" stroke="#7a6a3a" stroke-width="3"/>`,
      contact(500, 150),
      shape(p, 'M380 960 Q380 930 500 930 Q620 930 620 960 L640 1000 Q500 1025 360 1000 Z', 'url(#metal)'),
      gloss(440, 950, 40, 10, 0.7),
      shape(p, LAMP_SHADE),
      texture(LAMP_SHADE, 'weave'),
      rim(LAMP_SHADE),
      `<ellipse cx="500" cy="240" rx="160" ry="22" fill="${p.dark}" stroke="${p.line}" stroke-width="4"/>`,
      `<path d="M244 560 Q500 600 756 560 Q500 620 244 560 Z" fill="#fff3c4" fill-opacity="0.9"/>`,
      highlight('M360 260 L420 260 L330 556 L270 552 Z', 0.2),
      fold(p, 'M620 260 L700 560', 20),
    ].join(''),
};

const CHAIR_BACK = 'M330 260 Q500 220 670 260 L660 640 Q500 620 340 640 Z';
const CHAIR_SEAT = 'M290 650 Q500 610 710 650 L730 720 Q500 760 270 720 Z';

const chair: KindDrawing = {
  hasBack: false,
  focus: [460, 640],
  stage: 'podium',
  draw: (p) =>
    [
      contact(290, 28),
      contact(720, 28),
      contact(420, 22, 960),
      contact(590, 22, 960),
      woodRail(330, 700, 290, 1010),
      woodRail(680, 700, 720, 1010),
      woodRail(400, 700, 420, 960),
      woodRail(610, 700, 590, 960),
      shape(p, CHAIR_BACK),
      texture(CHAIR_BACK, 'weave'),
      rim(CHAIR_BACK),
      shape(p, CHAIR_SEAT, 'url(#bv)'),
      texture(CHAIR_SEAT, 'weave'),
      rim(CHAIR_SEAT, 'V'),
      stitch(p, 'M350 280 Q500 246 650 280 L642 622 Q500 604 358 622 Z'),
      ...[
        [420, 400],
        [580, 400],
        [500, 500],
      ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="${p.darker}"/>`),
      highlight('M350 300 L400 290 L392 620 L356 626 Z', 0.18),
    ].join(''),
};

const stool: KindDrawing = {
  hasBack: false,
  focus: [500, 540],
  stage: 'podium',
  // A counter stool: round upholstered seat on four splayed oak legs, no back.
  draw: (p) => {
    const top = 'M300 520 A200 56 0 0 1 700 520 A200 56 0 0 1 300 520 Z';
    const band = 'M300 520 L300 566 A200 56 0 0 0 700 566 L700 520 A200 56 0 0 1 300 520 Z';
    return [
      contact(320, 34),
      contact(680, 34),
      contact(404, 26, 978),
      contact(596, 26, 978),
      // Back legs and rung first, then the front ones.
      woodRail(440, 630, 404, 976),
      woodRail(560, 630, 596, 976),
      woodRail(418, 842, 582, 842, 14),
      woodRail(360, 828, 640, 828, 16),
      woodRail(384, 640, 320, 1006, 20),
      woodRail(616, 640, 680, 1006, 20),
      `<path d="M322 592 A178 44 0 0 0 678 592 L678 612 A178 44 0 0 1 322 612 Z" fill="url(#wood)" stroke="#6b4a2e" stroke-width="4"/>`,
      shape(p, band),
      texture(band, 'weave'),
      rim(band),
      shape(p, top, 'url(#cushion)'),
      texture(top, 'weave'),
      `<path d="${top}" fill="none" stroke="${p.dark}" stroke-width="7"/>`,
      line(p, top, 3),
      stitch(p, 'M336 520 A164 42 0 0 1 664 520 A164 42 0 0 1 336 520'),
      highlight('M340 500 Q420 474 520 470 Q420 490 360 520 Z', 0.3),
      rim(band, 'V'),
    ].join('');
  },
};

const CUSHION =
  'M200 330 Q350 380 500 350 Q650 380 800 330 Q760 470 780 620 Q760 770 800 910 Q650 860 500 890 Q350 860 200 910 Q240 770 220 620 Q240 470 200 330 Z';

const cushion: KindDrawing = {
  hasBack: false,
  focus: [500, 710],
  stage: 'podium',
  draw: (p) =>
    `<g transform="translate(0 90)">` +
    [
      contact(500, 300, 900),
      shape(p, CUSHION, 'url(#cushion)'),
      texture(CUSHION, 'weave'),
      stitch(
        p,
        'M232 362 Q350 400 500 376 Q650 400 768 362 Q736 480 752 620 Q736 760 768 878 Q650 840 500 864 Q350 840 232 878 Q264 760 248 620 Q264 480 232 362 Z',
      ),
      fold(p, 'M200 330 Q320 420 400 470', 12),
      fold(p, 'M800 910 Q680 820 600 770', 12),
      fold(p, 'M800 330 Q700 420 620 460', 10),
      `<circle cx="500" cy="620" r="20" fill="${p.dark}" stroke="${p.line}" stroke-width="4"/>`,
      fold(p, 'M420 560 L480 606 M580 560 L520 606 M420 680 L480 636 M580 680 L520 636', 8),
      rim(CUSHION, 'V', 0.8),
    ].join('') +
    '</g>',
};

const POT = 'M300 680 L700 680 L650 1000 Q500 1020 350 1000 Z';
const POT_RIM = 'M280 620 L720 620 L720 690 L280 690 Z';

const plantPot: KindDrawing = {
  hasBack: false,
  focus: [500, 660],
  stage: 'podium',
  draw: (p) => {
    const leaf = (d: string) =>
      `<path d="${d}" fill="url(#leaf)" stroke="#24502c" stroke-width="4" stroke-linejoin="round"/>`;
    return [
      leaf('M500 640 Q360 520 300 300 Q440 380 500 640 Z'),
      leaf('M500 640 Q640 500 720 280 Q580 380 500 640 Z'),
      leaf('M500 640 Q470 420 520 200 Q580 420 500 640 Z'),
      leaf('M500 640 Q330 600 230 480 Q400 470 500 640 Z'),
      leaf('M500 640 Q680 620 780 500 Q600 470 500 640 Z'),
      `<path d="M500 630 Q520 400 520 220 M500 630 Q420 470 310 310 M500 630 Q600 460 710 300" fill="none" stroke="#2f6a3a" stroke-width="4" stroke-opacity="0.6"/>`,
      contact(500, 160),
      shape(p, POT),
      speckle(p, 9, 110, [306, 694, 694, 1000], (x, y) => Math.abs(x - 500) < 196 - (y - 680) * 0.156),
      rim(POT),
      shape(p, POT_RIM, 'url(#bv)'),
      speckle(p, 13, 40, [286, 646, 714, 684]),
      rim(POT_RIM),
      `<ellipse cx="500" cy="622" rx="218" ry="22" fill="#4b3526"/>`,
      `<ellipse cx="500" cy="628" rx="200" ry="12" fill="#2e2018" fill-opacity="0.6"/>`,
      highlight('M330 700 L380 700 L390 990 L355 990 Z', 0.22),
      gloss(350, 650, 40, 10, 0.5),
    ].join('');
  },
};

const NOTEBOOK_COVER = 'M260 240 L720 240 Q740 240 740 260 L740 900 Q740 920 720 920 L260 920 Z';

const notebook: KindDrawing = {
  hasBack: false,
  focus: [620, 520],
  stage: 'podium',
  draw: (p) =>
    [
      contact(520, 250, 960),
      `<g transform="rotate(-4 500 620)">`,
      `<rect x="300" y="260" width="440" height="660" rx="18" fill="#f3efe4" stroke="#b8b0a0" stroke-width="4"/>`,
      ...[0, 1, 2].map((i) => `<path d="M746 ${290 + i * 4} L746 ${900 - i * 4}" stroke="#d9d2c2" stroke-width="3"/>`),
      shape(p, NOTEBOOK_COVER),
      texture(NOTEBOOK_COVER, 'weave', 0.7),
      rim(NOTEBOOK_COVER),
      shape(p, 'M260 240 L310 240 L310 920 L260 920 Z', p.dark),
      `<rect x="650" y="236" width="22" height="690" fill="${p.darker}" stroke="${p.line}" stroke-width="3"/>`,
      `<path d="M520 920 L520 1010 L540 990 L560 1010 L560 920 Z" fill="#c8372d"/>`,
      `<rect x="380" y="380" width="220" height="90" rx="8" fill="${p.lighter}" fill-opacity="0.7"/>`,
      highlight('M320 250 L380 250 L380 910 L320 910 Z', 0.12),
      `</g>`,
    ].join(''),
};

const CANDLE_BODY = 'M320 470 L680 470 L680 980 Q680 1010 500 1010 Q320 1010 320 980 Z';

const candle: KindDrawing = {
  hasBack: false,
  focus: [500, 440],
  stage: 'podium',
  draw: (p) =>
    [
      `<ellipse cx="500" cy="340" rx="120" ry="150" fill="url(#flameGlow)"/>`,
      contact(500, 190),
      shape(p, CANDLE_BODY),
      rim(CANDLE_BODY),
      `<ellipse cx="500" cy="470" rx="180" ry="40" fill="${p.light}" stroke="${p.line}" stroke-width="5"/>`,
      `<ellipse cx="500" cy="476" rx="150" ry="28" fill="${p.lighter}"/>`,
      `<rect x="330" y="640" width="340" height="190" fill="#fbf8f1" stroke="${p.line}" stroke-width="3"/>`,
      `<rect x="380" y="700" width="240" height="12" rx="6" fill="${p.dark}"/><rect x="420" y="740" width="160" height="10" rx="5" fill="${p.light}"/>`,
      `<path d="M500 470 L500 420" stroke="#222" stroke-width="6" stroke-linecap="round"/>`,
      `<path d="M500 300 Q540 370 520 410 Q500 430 480 410 Q460 370 500 300 Z" fill="#ffb640"/>`,
      `<path d="M500 350 Q520 390 510 408 Q500 416 490 408 Q482 390 500 350 Z" fill="#fff1b8"/>`,
      `<path d="M348 510 L384 510 L384 970 L348 960 Z" fill="url(#sheen)" fill-opacity="0.5"/>`,
      gloss(366, 540, 16, 40, 0.7),
    ].join(''),
};

const towel: KindDrawing = {
  hasBack: false,
  focus: [500, 560],
  stage: 'podium',
  draw: (p) => {
    const folded = (y: number, w: number, h: number, fill: string) => {
      const outline = `M${500 - w / 2} ${y} Q500 ${y - 14} ${500 + w / 2} ${y} Q${500 + w / 2 + 30} ${y + h / 2} ${500 + w / 2} ${y + h} Q500 ${y + h + 10} ${500 - w / 2} ${y + h} Q${500 - w / 2 - 30} ${y + h / 2} ${500 - w / 2} ${y} Z`;
      return [
        shape(p, outline, fill),
        texture(outline, 'terry'),
        rim(outline, 'V'),
        `<rect x="${500 - w / 2 + 4}" y="${y + h * 0.62}" width="${w - 8}" height="${h * 0.16}" fill="${p.lighter}" fill-opacity="0.75"/>`,
        stitch(
          p,
          `M${500 - w / 2 + 10} ${y + h * 0.6} L${500 + w / 2 - 10} ${y + h * 0.6} M${500 - w / 2 + 10} ${y + h * 0.8} L${500 + w / 2 - 10} ${y + h * 0.8}`,
        ),
      ].join('');
    };
    return [
      contact(500, 300, 1004),
      folded(800, 560, 200, 'url(#bv)'),
      folded(610, 520, 190, 'url(#b)'),
      folded(430, 480, 180, 'url(#bv)'),
      `<path d="M280 520 L720 520" stroke="#ffffff" stroke-width="3" stroke-opacity="0.3" stroke-dasharray="2 6"/>`,
    ].join('');
  },
};

export const KIND_DRAWINGS: Record<DemoImageKind, KindDrawing> = {
  tee,
  'long-sleeve-tee': longSleeveTee,
  tank,
  hoodie,
  sweatshirt: sweatshirt(false),
  'half-zip': sweatshirt(true),
  jacket,
  ...JACKET_DRAWINGS,
  coat,
  dress,
  trousers,
  shorts,
  skirt,
  sneaker,
  boot,
  cap,
  bag,
  backpack,
  scarf,
  watch,
  sunglasses,
  mug,
  bottle,
  lamp,
  chair,
  stool,
  cushion,
  'plant-pot': plantPot,
  notebook,
  candle,
  towel,
};
