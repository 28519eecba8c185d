import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BRAND_FONT_FAMILY, brandFontScript } from './brandFont';

interface FakeFace {
  family: string;
  source: string;
  descriptors: { weight: string; display: string; unicodeRange: string };
  loaded: boolean;
}

/** Runs the inline script against a page whose frames, timers and load event the test drives. */
function runScript(readyState: 'loading' | 'complete') {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const loadListeners: Array<() => void> = [];
  const faces: FakeFace[] = [];
  class FontFace {
    face: FakeFace;
    constructor(family: string, source: string, descriptors: FakeFace['descriptors']) {
      this.face = { family, source, descriptors, loaded: false };
    }
    load() {
      this.face.loaded = true;
      return Promise.resolve(this);
    }
  }
  const document = { readyState, fonts: { add: (face: FontFace) => faces.push(face.face) } };
  const window = { FontFace };
  // The script runs as the browser runs it: a classic script whose globals are this page's.
  runInNewContext(brandFontScript(), {
    window,
    document,
    FontFace,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') loadListeners.push(listener);
    },
  });
  const drain = (queue: Array<() => void>) => queue.splice(0).forEach((run) => run());
  return { faces, frames, timers, loadListeners, drain };
}

describe('brandFontScript', () => {
  it('adds the faces only after the load event, two frames and a task', () => {
    const page = runScript('loading');
    expect(page.frames).toHaveLength(0);
    page.drain(page.loadListeners);
    page.drain(page.frames);
    page.drain(page.frames);
    expect(page.faces).toHaveLength(0);
    page.drain(page.timers);
    expect(page.faces.map((face) => face.family)).toEqual([BRAND_FONT_FAMILY, BRAND_FONT_FAMILY]);
  });

  it('loads the Latin file at once and leaves the other to the pages that use its characters', () => {
    const page = runScript('complete');
    page.drain(page.frames);
    page.drain(page.frames);
    page.drain(page.timers);
    const [latin, latinExt] = page.faces;
    expect(latin?.source).toMatch(/figtree-latin-wght-normal.*\.woff2/);
    expect(latin?.descriptors.unicodeRange).toContain('U+0000-00FF');
    expect(latin?.loaded).toBe(true);
    expect(latinExt?.source).toMatch(/figtree-latin-ext-wght-normal.*\.woff2/);
    expect(latinExt?.loaded).toBe(false);
    for (const face of page.faces) {
      expect(face.descriptors.weight).toBe('300 900');
      expect(face.descriptors.display).toBe('swap');
    }
  });

  it('cannot be ended early by a font URL', () => {
    expect(brandFontScript()).not.toMatch(/<\/script/i);
  });
});
