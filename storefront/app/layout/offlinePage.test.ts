import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import messages from '../i18n/en_US.json';

// Two pages tell a shopper they are offline: the service worker's static /offline.html (a page
// never visited) and the app's error page (a navigation that failed offline). They must read and
// look alike (issue 35 point 16): the same words, the same actions, the same icon.
const html = readFileSync(path.join(__dirname, '../../public/offline.html'), 'utf8');
const text = (pattern: RegExp) => (html.match(pattern)?.[1] ?? '').replace(/\s+/g, ' ').trim();

describe('the static offline page', () => {
  it('says what the app says offline', () => {
    expect(text(/<h1>([^<]*)<\/h1>/)).toBe(messages['layout.error.offlineTitle']);
    expect(text(/<main[^>]*>[\s\S]*?<p>([\s\S]*?)<\/p>/)).toBe(messages['layout.error.offlineText']);
  });

  it('offers the same two actions', () => {
    expect(text(/<button[^>]*>([\s\S]*?)<\/button>/)).toBe(messages['layout.error.retry']);
    expect(text(/<a href="\/"[^>]*>([\s\S]*?)<\/a>/)).toBe(messages['layout.error.home']);
  });

  it("shows the app's offline icon (lucide's wifi-off)", () => {
    expect(html).toContain('d="m2 2 20 20"');
    expect(html).toContain('d="M12 20h.01"');
  });
});
