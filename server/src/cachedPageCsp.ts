import { createHash } from 'node:crypto';

// The Content-Security-Policy of a page served from a cache (ours, or a CDN's). A fresh page
// allows its inline scripts by a nonce made for that one response (securityHeaders.ts); a page
// kept and sent to many shoppers cannot: its nonce would be public and the same for everyone, so
// anyone who injected markup could reuse it. A kept page instead allows exactly its own inline
// scripts, by the SHA-256 of each one's text ('sha256-…' sources, CSP Level 2): an injected
// script has other text, so it does not run, however many people get the page.
//
// What the storefront's HTML runs inline:
// - <script> elements without src (React Router's context, the Apollo state, the font loader);
// - the module script that storefront/app/layout/deferScripts.ts inserts once the first frame is
//   painted: its text is not an element of the document but a JSON string in the deferring
//   script (`s.textContent="…"`), and a script inserted that way is checked against the policy
//   like any inline script, so its hash is listed too.
// Scripts with src load from 'self' as before; JSON data blocks (ld+json) never run.

/** `<script …>text</script>`: attributes and text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Types a browser does not run (anything but JavaScript and module scripts). */
const DATA_TYPE = /\btype\s*=\s*["']?(?!(?:module|text\/javascript|application\/javascript)["'\s>])[^"'\s>]+/i;
/** deferScripts.ts's insertion of the module script: `s.textContent=<JSON string>;`. */
const INSERTED_MODULE_TEXT = /\.textContent=("(?:[^"\\]|\\.)*")/g;

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The inline script texts of a document, in order, each once. */
export function inlineScriptTexts(html: string): string[] {
  const texts = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    texts.add(text);
    for (const [, json = '""'] of text.matchAll(INSERTED_MODULE_TEXT)) {
      const inserted: unknown = JSON.parse(json);
      if (typeof inserted === 'string') texts.add(inserted);
    }
  }
  return [...texts];
}

/** The 'sha256-…' sources that allow exactly the inline scripts of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return inlineScriptTexts(html).map(sha256Source);
}

/**
 * `policy` (securityHeaders.ts's, made for a nonce) with the nonce source replaced by `hashes`:
 * the rest of the policy (image origins, payment providers' origins) stays whatever it is.
 */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  return policy
    .split('; ')
    .map((directive) =>
      directive.startsWith('script-src ')
        ? directive
            .split(' ')
            .filter((source) => !source.startsWith("'nonce-"))
            .concat(hashes)
            .join(' ')
        : directive,
    )
    .join('; ');
}

/** `html` without the one-response nonce: attributes and the deferring script's copy of it. */
export function withoutNonce(html: string, nonce: string): string {
  if (nonce === '') return html;
  return html.replaceAll(` nonce="${nonce}"`, '').replaceAll(nonce, '');
}
