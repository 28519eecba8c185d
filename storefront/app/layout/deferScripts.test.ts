import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferScripts, deferredModuleScript } from './deferScripts';

const DOC = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/a.js" nonce="n1"/><link rel="stylesheet" href="/s.css"/>',
  '<link rel="modulepreload" href="/assets/b.js" nonce="n1"/></head><body><p>Café ☕</p>',
  '<script nonce="n1" type="module" async="">import "/assets/a.js";\nimport("/assets/entry.js");</script>',
  '<script nonce="n1">window.__later = 1</script></body></html>',
].join('');

async function through(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks).pipe(deferScripts()));
}

describe('deferScripts', () => {
  it('drops the head modulepreloads and delays the module script, whatever the chunking', async () => {
    const bytes = Buffer.from(DOC, 'utf8');
    // Every split point, so tags and multi-byte characters are cut everywhere once.
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at ${cut}`).not.toContain('modulepreload');
      expect(out).toContain('<link rel="stylesheet" href="/s.css"/>');
      expect(out).toContain('<p>Café ☕</p>');
      expect(out).not.toContain('type="module" async');
      expect(out).toContain(deferredModuleScript('n1', 'import "/assets/a.js";\nimport("/assets/entry.js");'));
      expect(out.endsWith('<script nonce="n1">window.__later = 1</script></body></html>')).toBe(true);
    }
  });

  it('runs the same code later: the inserted script carries the nonce and the code verbatim', () => {
    const code = 'import "/x.js"; const s = "</script><!--";';
    const html = deferredModuleScript('abc+/=', code);
    expect(html.startsWith('<script nonce="abc+/=">')).toBe(true);
    expect(html.slice(0, -'</script>'.length)).not.toContain('</script');
    const body = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    const inserted: { type?: string; nonce?: string; textContent?: string }[] = [];
    const fakeScript = {};
    runInNewContext(body, {
      requestAnimationFrame: (f: () => void) => f(),
      setTimeout: (f: () => void) => f(),
      requestIdleCallback: (f: () => void) => f(),
      window: { requestIdleCallback: true },
      document: {
        createElement: () => fakeScript,
        body: { appendChild: (s: typeof fakeScript) => inserted.push(s) },
      },
    });
    expect(inserted).toEqual([{ type: 'module', nonce: 'abc+/=', textContent: code }]);
  });

  it('on a page the browser renders, starts the module after the first frame without waiting for idle', () => {
    const code = 'import "/assets/a.js";';
    const html = deferredModuleScript('n', code, 'first-frame');
    const body = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    const inserted: unknown[] = [];
    const idleCalls: unknown[] = [];
    runInNewContext(body, {
      requestAnimationFrame: (f: () => void) => f(),
      setTimeout: (f: () => void) => idleCalls.push(f),
      requestIdleCallback: (f: () => void) => idleCalls.push(f),
      window: { requestIdleCallback: true },
      document: { createElement: () => ({}), body: { appendChild: (s: unknown) => inserted.push(s) } },
    });
    expect(inserted).toHaveLength(1);
    expect(idleCalls).toEqual([]);
  });

  it('passes a document without a module script through unchanged but for the hints', async () => {
    const out = await through([
      '<html><head><link rel="modulepreload" href="/a.js"/></head><body>',
      'error</body></html>',
    ]);
    expect(out).toBe('<html><head></head><body>error</body></html>');
  });
});
