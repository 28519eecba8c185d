import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../src/securityHeaders';
import { inlineScriptHashes, inlineScriptTexts, withScriptHashes, withoutNonce } from '../src/cachedPageCsp';

// A page kept for many shoppers allows its inline scripts by their SHA-256 instead of a nonce
// (issue 33): exactly the scripts a browser runs, no more.

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptTexts', () => {
  it('takes inline classic and module scripts, and the module script a deferring script inserts', () => {
    const inserted = 'import "/assets/a.js";\nwindow.x = "</script>";';
    const deferring = `(function(){var s=document.createElement("script");s.type="module";s.textContent=${JSON.stringify(inserted).replace(/</g, '\\u003c')};document.body.appendChild(s)})()`;
    const html = [
      '<script>window.a = 1;</script>',
      '<script type="module">import "/assets/b.js";</script>',
      '<script type="text/javascript">window.c = 3;</script>',
      `<script>${deferring}</script>`,
    ].join('');
    expect(inlineScriptTexts(html)).toEqual([
      'window.a = 1;',
      'import "/assets/b.js";',
      'window.c = 3;',
      deferring,
      inserted,
    ]);
  });

  it('leaves out scripts with src and data blocks a browser never runs', () => {
    const html =
      '<script src="/assets/x.js"></script><script type="module" src="/assets/y.js"></script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script><script type="application/json">{}</script>';
    expect(inlineScriptTexts(html)).toEqual([]);
  });

  it('lists one script text once however often it appears', () => {
    expect(inlineScriptHashes('<script>a()</script><script>a()</script>')).toEqual([sha256('a()')]);
  });
});

describe('withScriptHashes', () => {
  it('replaces only the nonce in script-src, and keeps the rest of the policy as it is', () => {
    const policy = contentSecurityPolicy('abc', ['https://images.example']);
    const hashed = withScriptHashes(policy, [sha256('a()'), sha256('b()')]);
    expect(hashed).toBe(
      policy.replace("script-src 'self' 'nonce-abc'", `script-src 'self' ${sha256('a()')} ${sha256('b()')}`),
    );
    expect(hashed).not.toContain('nonce');
    expect(hashed).toContain('img-src');
  });
});

describe('withoutNonce', () => {
  it("removes the response's nonce from attributes and from the deferring script", () => {
    const nonce = 'n0Nce+/==';
    const html = `<script nonce="${nonce}">x()</script><script nonce="${nonce}">s.nonce="${nonce}";</script>`;
    expect(withoutNonce(html, nonce)).toBe('<script>x()</script><script>s.nonce="";</script>');
  });
});
