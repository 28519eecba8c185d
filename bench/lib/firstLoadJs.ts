import { gzipSync } from 'node:zlib';

export interface FirstLoadJs {
  url: string;
  files: { path: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
}

/** Static imports of a built module (`import"./a.js"`, `import{x}from"./b.js"`); not `import("./c.js")`, which loads later. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)].map((match) => match[1]!);
}

/**
 * The JavaScript a browser fetches to boot a page: every module script, modulepreload and
 * dynamic import named in the server-rendered HTML (also inside the deferred loader, where the
 * module script is a JSON string), and every module those import statically, gzipped as a
 * server would send it.
 */
export async function measureFirstLoadJs(pageUrl: string): Promise<FirstLoadJs> {
  const response = await fetch(pageUrl);
  if (!response.ok) throw new Error(`${pageUrl} answered ${response.status}`);
  const html = (await response.text()).replace(/\\"/g, '"');
  const named = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) named.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) named.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) named.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) named.add(match[1]!);
  for (const match of html.matchAll(/\bfrom\s*"([^"]+\.js)"/g)) named.add(match[1]!);
  const queue = [...named].map((path) => new URL(path, pageUrl).href);
  const bodies = new Map<string, Buffer>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (bodies.has(url)) continue;
    const fetched = await fetch(url);
    if (!fetched.ok) throw new Error(`${url} answered ${fetched.status}`);
    const body = Buffer.from(await fetched.arrayBuffer());
    bodies.set(url, body);
    for (const specifier of staticImports(body.toString('utf8'))) queue.push(new URL(specifier, url).href);
  }
  const files = [...bodies.entries()]
    .map(([url, body]) => ({
      path: new URL(url).pathname,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return {
    url: pageUrl,
    files,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}
