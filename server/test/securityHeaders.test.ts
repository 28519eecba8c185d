import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/createApp';

// Issue 9, hardening: HTML answers carried no security headers at all.
const buildDir = mkdtempSync(path.join(os.tmpdir(), 'vela-headers-'));
// A build always has its client folder; without one the static handlers would warn at every request.
mkdirSync(path.join(buildDir, 'client'));
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

const noncesSeen: string[] = [];
function appFor(publicUrl: string) {
  return createApp({
    graphql: async () => Response.json({ data: {} }),
    ssrTransport: () => ({ uri: 'http://localhost/graphql', fetch }),
    storefront: async (_request, render) => {
      noncesSeen.push(render.cspNonce);
      return new Response(`<html><script nonce="${render.cspNonce}">1</script></html>`, {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    },
    storefrontBuildDir: buildDir,
    publicUrl,
  });
}

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers on HTML', () => {
  it('sends nosniff, a referrer policy, a permissions policy and a CSP with a per-response script nonce and no frames', async () => {
    const app = appFor('http://localhost:3000');
    const first = await app.request('/');
    const second = await app.request('/women.html');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
    expect(first.headers.get('strict-transport-security')).toBeNull();

    const csp = directives(first.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    const scripts = csp.get('script-src') ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    const [firstNonce, secondNonce] = noncesSeen.slice(-2);
    expect(firstNonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    expect(scripts).toContain(`'nonce-${firstNonce}'`);
    expect(await first.text()).toContain(`nonce="${firstNonce}"`);
    expect(secondNonce).not.toBe(firstNonce);
    expect(directives(second.headers.get('content-security-policy')).get('script-src')).toContain(
      `'nonce-${secondNonce}'`,
    );
  });

  it('adds HSTS only when the shop is served over HTTPS', async () => {
    const response = await appFor('https://shop.example').request('/');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  });

  it('sends nosniff on API answers too, and no page policy on them', async () => {
    const response = await appFor('http://localhost:3000').request('/graphql?query=%7Ba%7D');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
