import { gzipSync } from 'node:zlib';

export interface FirstLoadJs {
  url: string;
  files: { path: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
}

/**
 * The JavaScript a browser fetches to boot a page: every module script, modulepreload and
 * dynamic import named in the server-rendered HTML, gzipped as a server would send it.
 */
export async function measureFirstLoadJs(pageUrl: string): Promise<FirstLoadJs> {
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`${pageUrl} answered ${response.status}`);
  const html = await response.text();
  const found = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) found.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) found.add(match[1]!);
  const files = [];
  for (const path of [...found].sort()) {
    const body = Buffer.from(await (await fetch(new URL(path, pageUrl))).arrayBuffer());
    files.push({ path, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
  }
  return {
    url: pageUrl,
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}
