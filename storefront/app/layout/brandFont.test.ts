import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BRAND_FONT_FAMILY, brandFontScript } from './brandFont';

interface FakeFace {
  family: string;
  source: string;
  descriptors: { weight: string; display: string; unicodeRange: string };
  loaded: boolean;
}

/** Runs the inline head script on a page that a service worker does or does not control. */
function runScript(controlled: boolean) {
  const created: FakeFace[] = [];
  const added: FakeFace[] = [];
  class FontFace {
    face: FakeFace;
    constructor(family: string, source: string, descriptors: FakeFace['descriptors']) {
      this.face = { family, source, descriptors, loaded: false };
      created.push(this.face);
    }
    load() {
      this.face.loaded = true;
      return Promise.resolve(this);
    }
  }
  const document = { fonts: { add: (face: FontFace) => added.push(face.face) } };
  const navigator = { serviceWorker: { controller: controlled ? {} : null } };
  // The script runs as the browser runs it: a classic script whose globals are this page's.
  runInNewContext(brandFontScript(), { window: { FontFace }, document, navigator, FontFace });
  return { created, added };
}

describe('brandFontScript', () => {
  it('leaves a page the service worker does not control in the fallback, and fetches nothing', () => {
    const page = runScript(false);
    expect(page.created).toHaveLength(0);
    expect(page.added).toHaveLength(0);
  });

  it('on a controlled page adds both faces before the first layout, as optional, and loads the Latin one', () => {
    const page = runScript(true);
    expect(page.added.map((face) => face.family)).toEqual([BRAND_FONT_FAMILY, BRAND_FONT_FAMILY]);
    const [latin, latinExt] = page.added;
    expect(latin?.source).toMatch(/figtree-latin-wght-normal.*\.woff2/);
    expect(latin?.descriptors.unicodeRange).toContain('U+0000-00FF');
    expect(latin?.loaded).toBe(true);
    expect(latinExt?.source).toMatch(/figtree-latin-ext-wght-normal.*\.woff2/);
    expect(latinExt?.loaded).toBe(false);
    for (const face of page.added) {
      expect(face.descriptors.weight).toBe('300 900');
      expect(face.descriptors.display).toBe('optional');
    }
  });

  it('cannot be ended early by a font URL', () => {
    expect(brandFontScript()).not.toMatch(/<\/script/i);
  });
});
