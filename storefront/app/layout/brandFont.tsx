import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';
import figtreeLatinExt from '@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2?url';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useCspNonce } from './cspNonce';

// The brand typeface must show on a first visit, yet cost neither the LCP nor a layout shift.
// - Declared in the stylesheet or preloaded, the file is a request that ends before the largest
//   paint, and Lighthouse's simulation counts every such request on the way to FCP and LCP (measured:
//   about 150-200 ms of LCP with the faces in the stylesheet, issue 35 point 17).
// - So a first visit (no service worker yet) paints in the metric-matched fallback ('Figtree
//   Fallback' in @vela/ui/fonts.css) and asks for the font once the largest image has painted (or
//   once the page has both loaded and painted, if no large image paints first): `swap` then sets the page in Figtree, and the
//   matched metrics move no line (CLS 0). Without JavaScript the page stays in the fallback.
//   The load event alone is not enough: a busy browser fired it before the first paint, and the
//   request then held the first paint back (observed FCP 250 → 1250 ms).
// - A page the service worker controls has the files precached: it adds the faces before its first
//   layout as `optional`, so the font is there for the first paint and never swaps.
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
    `(function(){try{if(!window.FontFace||!document.fonts)return;` +
    `function add(display){${faces}.forEach(function(f){var face=new FontFace(${JSON.stringify(BRAND_FONT_FAMILY)},"url("+JSON.stringify(f[0])+") format('woff2')",` +
    `{style:"normal",weight:"300 900",display:display,unicodeRange:f[1]});` +
    `document.fonts.add(face);if(f[2])face.load().catch(function(){})})}` +
    // navigator.serviceWorker throws where storage is off (some private modes): a first visit then.
    `var sw=null;try{sw=navigator.serviceWorker}catch(e){}` +
    `if(sw&&sw.controller){add("optional");return}` +
    `var done=false,painted=false,loaded=false;function later(){if(!done){done=true;add("swap")}}` +
    `var P=window.PerformanceObserver,types=(P&&P.supportedEntryTypes)||[];` +
    // A large image's paint is the page's largest paint (the logo and icons are a few hundred pixels).
    `if(types.indexOf("largest-contentful-paint")>=0)new P(function(list,observer){list.getEntries().forEach(function(e){` +
    `if(e.url&&e.size>0.02*innerWidth*innerHeight){observer.disconnect();later()}})}).observe({type:"largest-contentful-paint",buffered:true});` +
    // Without a large image: once the page has loaded and painted (a busy browser may fire load first,
    // and a request then would stand in the way of the first paint).
    `function both(){if(painted&&loaded)later()}` +
    `if(types.indexOf("paint")>=0)new P(function(list){list.getEntries().forEach(function(e){` +
    `if(e.name==="first-contentful-paint"){painted=true;both()}})}).observe({type:"paint",buffered:true});else painted=true;` +
    `addEventListener("load",function(){loaded=true;both()})}catch(e){}})()`
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
