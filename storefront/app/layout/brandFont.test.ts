import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BRAND_FONT_FAMILY, brandFontScript } from './brandFont';

interface FakeFace {
  family: string;
  source: string;
  descriptors: { weight: string; display: string; unicodeRange: string };
  loaded: boolean;
}

interface FakeEntry {
  name?: string;
  url: string;
  size: number;
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
  const observers: Record<string, (entries: FakeEntry[]) => void> = {};
  let disconnected = false;
  class PerformanceObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint'];
    constructor(private callback: (list: { getEntries(): FakeEntry[] }, observer: PerformanceObserver) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options.buffered).toBe(true);
      observers[options.type] = (entries) => this.callback({ getEntries: () => entries }, this);
    }
    disconnect() {
      disconnected = true;
    }
  }
  const listeners: Record<string, () => void> = {};
  const document = { fonts: { add: (face: FontFace) => added.push(face.face) } };
  const navigator = { serviceWorker: { controller: controlled ? {} : null } };
  // The script runs as the browser runs it: a classic script whose globals are this page's.
  runInNewContext(brandFontScript(), {
    window: { FontFace, PerformanceObserver },
    document,
    navigator,
    FontFace,
    innerWidth: 400,
    innerHeight: 800,
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  });
  return {
    created,
    added,
    paint: (entries: FakeEntry[]) => observers['largest-contentful-paint']?.(entries),
    firstPaint: () => observers.paint?.([{ name: 'first-contentful-paint', url: '', size: 0 }]),
    load: () => listeners.load?.(),
    disconnected: () => disconnected,
  };
}

function expectBothFaces(added: FakeFace[], display: string) {
  expect(added.map((face) => face.family)).toEqual([BRAND_FONT_FAMILY, BRAND_FONT_FAMILY]);
  const [latin, latinExt] = added;
  expect(latin?.source).toMatch(/figtree-latin-wght-normal.*\.woff2/);
  expect(latin?.descriptors.unicodeRange).toContain('U+0000-00FF');
  expect(latin?.loaded).toBe(true);
  expect(latinExt?.source).toMatch(/figtree-latin-ext-wght-normal.*\.woff2/);
  expect(latinExt?.loaded).toBe(false);
  for (const face of added) {
    expect(face.descriptors.weight).toBe('300 900');
    expect(face.descriptors.display).toBe(display);
  }
}

describe('brandFontScript', () => {
  it('on a first visit asks for nothing before the largest image has painted', () => {
    const page = runScript(false);
    expect(page.created).toHaveLength(0);
    // Text and the logo paint first: still nothing.
    page.paint([{ url: '', size: 90_000 }]);
    page.paint([{ url: '/icons/logo.svg', size: 3_000 }]);
    expect(page.created).toHaveLength(0);
  });

  it('on a first visit adds both faces as swap once a large image has painted, and only once', () => {
    const page = runScript(false);
    page.paint([{ url: '/media/catalog/product/demo/tee/1.png', size: 60_000 }]);
    expectBothFaces(page.added, 'swap');
    expect(page.disconnected()).toBe(true);
    page.firstPaint();
    page.load();
    expect(page.added).toHaveLength(2);
  });

  it('on a first visit without a large image adds the faces once the page has loaded and painted', () => {
    const loadedFirst = runScript(false);
    loadedFirst.load();
    // A busy browser may fire load before the first paint: a request now would hold that paint back.
    expect(loadedFirst.created).toHaveLength(0);
    loadedFirst.firstPaint();
    expectBothFaces(loadedFirst.added, 'swap');

    const paintedFirst = runScript(false);
    paintedFirst.firstPaint();
    expect(paintedFirst.created).toHaveLength(0);
    paintedFirst.load();
    expectBothFaces(paintedFirst.added, 'swap');
  });

  it('on a controlled page adds both faces before the first layout, as optional, and loads the Latin one', () => {
    const page = runScript(true);
    expectBothFaces(page.added, 'optional');
    page.load();
    expect(page.added).toHaveLength(2);
  });

  it('cannot be ended early by a font URL', () => {
    expect(brandFontScript()).not.toMatch(/<\/script/i);
  });
});
