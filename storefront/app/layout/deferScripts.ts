import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

// Issue 8: no JavaScript between the server's HTML and the first paint or the largest image.
//
// React Router hints every module of the page with <link rel="modulepreload">, which React hoists
// into the head, and starts them from an inline module script at the end of the body. Either
// way the browser fetches about 190 KB of JavaScript at high priority while the first paint still
// waits for the stylesheet and the largest image, and Lighthouse's simulation (slow 4G) counts
// those bytes against both. The page works before hydration (filters, sort and menus are forms
// and links), so the document is rewritten to:
// - drop the modulepreload hints from the head;
// - run that inline module script only once the first frame is painted, by inserting it then.
// Only the document's shell is rewritten; the streamed rest passes as it comes.

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = '</head>';
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** JSON text safe inside a <script> element: no "</script" or "<!--" can end or confuse it. */
function scriptSafeJson(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Longest wait for an idle moment before the JavaScript starts anyway. Measured with Lighthouse
 * on two shared cores: starting it right after the first frame was produced (two animation
 * frames, then a 0 or 100 ms timeout) still held the first paint back by about a second in half
 * the runs, as compiling 190 KB took the cores the frame needed to reach the screen.
 */
const IDLE_TIMEOUT_MS = 1500;
/** Where requestIdleCallback is missing (Safari): a pause after the first frame instead. */
const FALLBACK_DELAY_MS = 200;

/**
 * When the JavaScript starts: `idle` once the first frame is out and the page is idle (pages the
 * server renders whole), `first-frame` as soon as the first frame is out (pages whose content
 * only the browser can render, such as the cart, whose id lives in localStorage: waiting for
 * idle only delays what the shopper came for).
 */
export type ScriptStart = 'idle' | 'first-frame';

/**
 * A classic script that inserts the module script once the first frame is out (a callback of the
 * second animation frame runs after the first frame was produced) and, for `idle`, the page is idle.
 */
export function deferredModuleScript(nonce: string, code: string, start: ScriptStart = 'idle'): string {
  const attribute = nonce.replace(/"/g, '&quot;');
  return (
    `<script nonce="${attribute}">(function(){function run(){` +
    `var s=document.createElement("script");s.type="module";s.nonce=${scriptSafeJson(nonce)};` +
    `s.textContent=${scriptSafeJson(code)};document.body.appendChild(s)}` +
    `requestAnimationFrame(function(){requestAnimationFrame(function(){` +
    (start === 'idle'
      ? `if(window.requestIdleCallback)requestIdleCallback(run,{timeout:${IDLE_TIMEOUT_MS}});else setTimeout(run,${FALLBACK_DELAY_MS})`
      : 'run()') +
    `})})})()</script>`
  );
}

export function rewriteShell(html: string, start: ScriptStart = 'idle'): string {
  return html.replace(MODULE_SCRIPT, (_whole, nonce: string, code: string) => deferredModuleScript(nonce, code, start));
}

export function deferScripts(start: ScriptStart = 'idle'): Transform {
  let held = '';
  let phase: 'head' | 'body' | 'passing' = 'head';
  // A chunk may end inside a multi-byte character: decode across chunk boundaries.
  const decoder = new StringDecoder('utf8');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (phase === 'passing') return callback(null, text);
      held += text;
      if (phase === 'head') {
        const end = held.indexOf(HEAD_END);
        if (end === -1) return callback();
        held = held.slice(0, end).replace(MODULEPRELOAD, '') + held.slice(end);
        phase = 'body';
      }
      if (!MODULE_SCRIPT.test(held)) return callback();
      const out = rewriteShell(held, start);
      held = '';
      phase = 'passing';
      callback(null, out);
    },
    flush(callback: TransformCallback) {
      // A document without the module script (an error page cut short) goes out as it was.
      const rest = held + decoder.end();
      callback(null, rest.length > 0 ? rest : undefined);
    },
  });
}
