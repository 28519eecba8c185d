import figtreeLatin from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';
import figtreeLatinExt from '@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2?url';
import { useCspNonce } from './cspNonce';

// The brand typeface is decoration: the first paint uses the metric-matched local fallback
// ('Figtree Fallback' in ui/fonts.css) and the real font swaps in once the first frame is out.
// Declared in the stylesheet or preloaded, the font file is a high-priority request before the
// first paint, and Lighthouse's simulation (slow 4G) counted its 20 KB against first paint and the
// largest image: LCP went up by about 200 ms on every page (bench/results/README.md). Without
// JavaScript the page keeps the fallback, which sets every line in the same place.

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

/**
 * A classic inline script: after the window's load event and two animation frames (so after the
 * first frame is on screen), it adds the faces to document.fonts and starts the Latin file.
 */
export function brandFontScript(): string {
  const faces = JSON.stringify(
    FACES.map(({ url, unicodeRange, loadAtOnce }) => [url, unicodeRange, loadAtOnce]),
  ).replace(/</g, '\\u003c');
  return (
    `(function(){if(!window.FontFace||!document.fonts)return;` +
    `function add(){${faces}.forEach(function(f){` +
    `var face=new FontFace(${JSON.stringify(BRAND_FONT_FAMILY)},"url("+JSON.stringify(f[0])+") format('woff2')",` +
    `{style:"normal",weight:"300 900",display:"swap",unicodeRange:f[1]});` +
    `document.fonts.add(face);if(f[2])face.load().catch(function(){})})}` +
    `function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(add,0)})})}` +
    `if(document.readyState==="complete")later();else addEventListener("load",later)})()`
  );
}

/** Rendered once, at the end of the body; the browser keeps what the server sent. */
export function BrandFont() {
  const nonce = useCspNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? brandFontScript() : '' }}
    />
  );
}
