// Builds the installed Venia against a running shop and serves it with its own staging server
// (buildpack's `serve`, UPWARD-js), which proxies /graphql and /media to that shop. The build
// asks the shop for its media URL, storeConfig, store views and possible types, so it is kept
// beside the install and made again only for another shop address or when asked (--rebuild).
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runWithProgress, startProcess, type Started } from '../processes';

/** Placeholder tokenization key: buildpack wants one; only the walk's Braintree stand-in reads it. */
export const BRAINTREE_PLACEHOLDER = 'sandbox_8yrzsvtm_s2bg8fs563crhqzk';

/** Venia's environment (its buildpack's envVarDefinitions.json) for a shop at `backendUrl`. */
export function veniaEnvironment(backendUrl: string, stagingPort: number): NodeJS.ProcessEnv {
  return {
    MAGENTO_BACKEND_URL: backendUrl,
    MAGENTO_BACKEND_EDITION: 'MOS',
    CHECKOUT_BRAINTREE_TOKEN: BRAINTREE_PLACEHOLDER,
    CUSTOM_ORIGIN_ENABLED: 'false',
    STAGING_SERVER_HOST: 'localhost',
    STAGING_SERVER_PORT: String(stagingPort),
    IMAGE_OPTIMIZING_ORIGIN: 'backend',
    NODE_ENV: 'production',
    // webpack 4 hashes with MD4 (--openssl-legacy-provider); Node 20.19's require(esm) breaks its
    // v8-compile-cache (--no-experimental-require-module); Venia's production build needs more than
    // Node's default heap. See WORKAROUNDS in install.ts.
    NODE_OPTIONS: '--openssl-legacy-provider --no-experimental-require-module --max-old-space-size=4096',
  };
}

export type VeniaBuild = { seconds: number; cached: boolean; bundleBytes: number };

/** Whether dist/ holds a build made against `backendUrl`. */
export function veniaBuilt(dir: string, backendUrl: string): boolean {
  const marker = path.join(dir, '..', 'built.json');
  if (!existsSync(marker) || !existsSync(path.join(dir, 'dist', 'index.html'))) return false;
  return (JSON.parse(readFileSync(marker, 'utf8')) as { backendUrl: string }).backendUrl === backendUrl;
}

export async function buildVenia(dir: string, backendUrl: string, options: { rebuild: boolean }): Promise<VeniaBuild> {
  const marker = path.join(dir, '..', 'built.json');
  const dist = path.join(dir, 'dist');
  if (!options.rebuild && veniaBuilt(dir, backendUrl)) {
    console.log(`[compat] Venia already built against ${backendUrl} (--rebuild builds it again)`);
    const previous = JSON.parse(readFileSync(marker, 'utf8')) as { bundleBytes: number };
    return { seconds: 0, cached: true, bundleBytes: previous.bundleBytes };
  }
  rmSync(marker, { force: true });
  rmSync(dist, { recursive: true, force: true });
  console.log(`[compat] building Venia against ${backendUrl} (webpack 4, production; several minutes)`);
  const built = await runWithProgress(
    process.execPath,
    [path.join(dir, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--no-progress', '--env.mode', 'production'],
    {
      cwd: dir,
      env: veniaEnvironment(backendUrl, 0),
      label: 'webpack (Venia)',
    },
  );
  const bundleBytes = bytesOf(dist);
  writeFileSync(marker, JSON.stringify({ backendUrl, bundleBytes, seconds: built.seconds }, null, 2));
  console.log(`[compat] Venia built in ${built.seconds} s (${(bundleBytes / 1024 / 1024).toFixed(1)} MiB in dist/)`);
  return { seconds: built.seconds, cached: false, bundleBytes };
}

/** buildpack's staging server (UPWARD-js over dist/ and upward.yml) on `port`. */
export function serveVenia(dir: string, backendUrl: string, port: number): Promise<Started> {
  return startProcess(process.execPath, [path.join(dir, 'node_modules', '.bin', 'buildpack'), 'serve', '.'], {
    cwd: dir,
    env: veniaEnvironment(backendUrl, port),
    ready: new RegExp(`localhost:${port}`),
    timeoutMs: 120_000,
    label: "Venia's staging server",
  });
}

/** Bytes of every file under `dir`. */
function bytesOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? bytesOf(full) : statSync(full).size;
  }
  return total;
}
