import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';
import figtreeLatinExt from '@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2?url';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useCspNonce } from './cspNonce';

// The brand typeface is decoration, and it must cost neither the first paint nor a second layout.
// - Declared in the stylesheet or preloaded, the file is a high-priority request before the first
//   paint: Lighthouse's simulation counted its 20 KB against FCP and LCP (about 200 ms of LCP).
// - Swapped in after the first paint, every line of text is shaped and laid out again: on the
//   category page that was about 500 ms more style and layout at 4× CPU, and TBT +200 ms.
// So it works as `font-display: optional` with a warm cache: the service worker precaches both
// files on the first visit, and a page it controls adds the faces before its first layout (an
// inline script in the head) and uses the font only if it is ready within the block period, never
// swapping later. Any other page (a first visit, no service worker) paints in the metric-matched
// fallback ('Figtree Fallback' in @vela/ui/fonts.css) and stays in it; so does a page without JavaScript.
// A flag in localStorage would not do: it outlives the HTTP cache (Lighthouse clears one and not
// the other), and a stale flag brought back the early, high-priority request.

/** The face's name in theme.css's font stack. */
export const BRAND_FONT_FAMILY = 'Figtree Variable';

/** Code points each file covers (the font package's own split), so a page loads only what it uses. */
const FACES = [
  {
    url: figtreeLatin,
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    loadAtOnce: true,
  },
  {
    url: figtreeLatinExt,
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
    loadAtOnce: false,
  },
] as const;

/** A classic inline script for the head: it runs before the first layout. */
export function brandFontScript(): string {
  const faces = JSON.stringify(
    FACES.map(({ url, unicodeRange, loadAtOnce }) => [url, unicodeRange, loadAtOnce]),
  ).replace(/</g, '\\u003c');
  return (
    // navigator.serviceWorker throws where storage is off (some private modes): then no font.
    `(function(){try{var sw=navigator.serviceWorker;if(!window.FontFace||!document.fonts||!sw||!sw.controller)return;` +
    `${faces}.forEach(function(f){var face=new FontFace(${JSON.stringify(BRAND_FONT_FAMILY)},"url("+JSON.stringify(f[0])+") format('woff2')",` +
    `{style:"normal",weight:"300 900",display:"optional",unicodeRange:f[1]});` +
    `document.fonts.add(face);if(f[2])face.load().catch(function(){})})}catch(e){}})()`
  );
}

/**
 * Once the service worker has precached the file (after the first visit's load), the next page the
 * shopper opens in the app (a client navigation, which renders a new page anyway) takes the font
 * instead of waiting for a full page load.
 */
function addFacesOnNavigation() {
  if (typeof FontFace === 'undefined' || typeof caches === 'undefined') return;
  let present = false;
  document.fonts.forEach((face) => {
    if (face.family.replace(/"/g, '') === BRAND_FONT_FAMILY) present = true;
  });
  if (present) return;
  void caches.match(FACES[0].url).then((cached) => {
    if (!cached) return;
    for (const { url, unicodeRange } of FACES)
      document.fonts.add(
        new FontFace(BRAND_FONT_FAMILY, `url(${JSON.stringify(url)}) format('woff2')`, {
          style: 'normal',
          weight: '300 900',
          display: 'swap',
          unicodeRange,
        }),
      );
  });
}

/** Rendered once, in the head; the browser keeps what the server sent. */
export function BrandFont() {
  const nonce = useCspNonce();
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    addFacesOnNavigation();
  }, [pathname]);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? brandFontScript() : '' }}
    />
  );
}
