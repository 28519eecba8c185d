// Installs PWA Studio's Venia storefront from the npm registry into a cache folder outside the
// repository, the way PWA Studio's scaffolding (`@magento/create-pwa`, venia-concept's
// _buildpack/create.js) lays out a new project: the package's files less its tests and licences,
// a package.json with its dependencies and scripts, and a babel.config.js naming
// @magento/peregrine's preset. Venia's code is not changed. What today's registry and Node 20 make
// necessary is applied to this install only and listed (WORKAROUNDS).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runWithProgress } from '../processes';

export const VENIA_VERSION = '14.5.1';
/** Adobe's sample offline payment extension: check / money order at Venia's payment step. */
export const CHECKMO_EXTENSION = { name: '@magento/venia-sample-payments-checkmo', version: '0.0.13' };

export type Workaround = { what: string; why: string };

/** Changes to Venia's own package.json (dependency → version the registry has). */
const DEPENDENCY_PINS: Record<string, { version: string; why: string }> = {
  '@magento/experience-platform-connector': {
    version: '1.0.12',
    why: 'venia-concept 14.5.1 asks for ~1.0.13, which the registry does not have (newest: 1.0.12): `npm install` stops with ETARGET',
  },
  '@magento/upward-security-headers': {
    version: '1.1.20',
    why: 'venia-concept 14.5.1 asks for ~1.1.21 (a dev dependency: the security headers its UPWARD server sends), which the registry does not have (newest: 1.1.20): ETARGET',
  },
};

/** npm `overrides` for packages deeper in Venia's tree. */
const OVERRIDES: Record<string, { version: string; why: string }> = {};

export const WORKAROUNDS: Workaround[] = [
  ...Object.entries(DEPENDENCY_PINS).map(([name, pin]) => ({ what: `${name} pinned to ${pin.version}`, why: pin.why })),
  ...Object.entries(OVERRIDES).map(([name, pin]) => ({
    what: `npm override ${name} → ${pin.version}`,
    why: pin.why,
  })),
  {
    what: `${CHECKMO_EXTENSION.name}@${CHECKMO_EXTENSION.version} added to Venia's dependencies`,
    why: "stock Venia offers only Braintree at the payment step; Adobe's sample extension registers check / money order through venia-ui's checkoutPagePaymentTypes / editablePaymentTypes / summaryPagePaymentTypes targets, the way a Venia shop without Braintree takes orders",
  },
  {
    what: '`npm install --legacy-peer-deps`',
    why: 'the checkmo sample (last published for PWA Studio 12) declares peers @magento/peregrine ~14.2.1 and @magento/venia-ui ~11.3.0; Venia 14.5.1 ships peregrine 15.7 and venia-ui 11.7, so npm 11 refuses the tree (ERESOLVE). Its code uses only targets and hooks that are still there',
  },
  {
    what: '`npm install --ignore-scripts`',
    why: "install scripts would download prebuilt binaries from outside the registry (sharp 0.29's libvips, an optional dependency Venia's staging server uses only to resize images on the fly), which this network refuses; Venia's build needs none of them",
  },
  {
    what: 'NODE_OPTIONS=--openssl-legacy-provider for the build',
    why: "Venia's webpack 4 hashes modules with MD4, which Node 17+ (OpenSSL 3) refuses (ERR_OSSL_EVP_UNSUPPORTED); venia-concept's own `build` script sets the same flag",
  },
  {
    what: 'NODE_OPTIONS=--no-experimental-require-module for the build and the staging server',
    why: "Node 20.19 loads ES modules from require() and so resolves the `module-sync` export condition: today's get-intrinsic 1.3 requires async-function / generator-function, whose `module-sync` entry is an .mjs file; webpack-cli 3's v8-compile-cache compiles it as CommonJS and the build stops with `SyntaxError: Cannot use import statement outside a module`. The flag gives Node 20's behaviour before 20.19",
  },
  {
    what: 'CUSTOM_ORIGIN_ENABLED=false',
    why: "buildpack's custom origin asks for a trusted TLS certificate and a hosts-file entry (devcert, root and network); the staging server then serves plain HTTP on localhost",
  },
  {
    what: 'IMAGE_OPTIMIZING_ORIGIN=backend',
    why: "Venia's default (`auto`) resizes images in its staging server with sharp, which is not installed (install scripts off); `backend` asks the shop's /media for each size, as a Venia shop behind Fastly does, so Vela's image resizing serves them",
  },
  {
    what: 'CHECKOUT_BRAINTREE_TOKEN set to a placeholder tokenization key',
    why: "buildpack refuses to build without one, and Drop-in sends it to Braintree's hosts, which the walk stands in (braintreeStandIn.ts): no Braintree account is involved",
  },
];

export type VeniaInstall = {
  dir: string;
  version: string;
  versions: Record<string, string>;
  seconds: number;
  cached: boolean;
};

/** The folder Venia is installed into: $VELA_COMPAT_CACHE, else ~/.cache/vela-compat/venia-<version>. */
export function veniaCacheDir(version = VENIA_VERSION): string {
  return process.env.VELA_COMPAT_CACHE ?? path.join(os.homedir(), '.cache', 'vela-compat', `venia-${version}`);
}

/** A fingerprint of what this file installs: a change re-installs instead of reusing the cache. */
function recipe(version: string): string {
  return JSON.stringify({ version, CHECKMO_EXTENSION, DEPENDENCY_PINS, OVERRIDES, layout: 1 });
}

export async function installVenia(version = VENIA_VERSION): Promise<VeniaInstall> {
  const cacheDir = veniaCacheDir(version);
  const dir = path.join(cacheDir, 'app');
  const marker = path.join(cacheDir, 'installed.json');
  if (existsSync(marker)) {
    const previous = JSON.parse(readFileSync(marker, 'utf8')) as { recipe: string; versions: Record<string, string> };
    if (previous.recipe === recipe(version)) {
      console.log(`[compat] Venia ${version} already installed in ${dir}`);
      return { dir, version, versions: previous.versions, seconds: 0, cached: true };
    }
  }
  console.log(`[compat] installing Venia ${version} from the npm registry into ${dir} (several minutes)`);
  const started = Date.now();
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'vela-compat-'));
  try {
    const tarball = execFileSync('npm', ['pack', `@magento/venia-concept@${version}`, '--silent'], {
      cwd: work,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    execFileSync('tar', ['xzf', path.join(work, tarball), '-C', dir, '--strip-components=1']);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  scaffold(dir);
  const installed = await runWithProgress(
    'npm',
    ['install', '--legacy-peer-deps', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: dir,
      label: 'npm install (Venia)',
      progress: () => {
        const modules = path.join(dir, 'node_modules');
        return existsSync(modules) ? `${readdirSync(modules).length} top-level packages so far` : 'resolving';
      },
    },
  );
  console.log(`[compat] Venia's dependencies installed in ${installed.seconds} s`);
  const versions = installedVersions(dir);
  writeFileSync(marker, JSON.stringify({ recipe: recipe(version), versions }, null, 2));
  return { dir, version, versions, seconds: Math.round((Date.now() - started) / 1000), cached: false };
}

/** What create.js does to a fresh project, plus the dependency work-arounds. */
function scaffold(dir: string): void {
  for (const entry of readdirSync(dir)) {
    if (/^(CHANGELOG|LICENSE)/.test(entry) || entry === '_buildpack')
      rmSync(path.join(dir, entry), { recursive: true });
  }
  removeTestFolders(path.join(dir, 'src'));
  type PackageJson = Record<string, unknown> & {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const template = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  const copied = [
    'main',
    'browser',
    'dependencies',
    'devDependencies',
    'optionalDependencies',
    'engines',
    'pwa-studio',
  ];
  const pkg: Record<string, unknown> = {
    name: 'vela-compat-venia',
    private: true,
    version: '0.0.1',
    description: 'Venia, installed by Vela’s compatibility run',
    license: 'UNLICENSED',
    scripts: Object.fromEntries(
      Object.entries(template.scripts).map(([name, script]) => [name, script.replace(/yarn run/g, 'npm run')]),
    ),
  };
  for (const key of copied) if (template[key] !== undefined) pkg[key] = template[key];
  const dependencies = { ...template.dependencies };
  const devDependencies = { ...template.devDependencies };
  for (const [name, pin] of Object.entries(DEPENDENCY_PINS)) {
    if (name in dependencies) dependencies[name] = pin.version;
    else if (name in devDependencies) devDependencies[name] = pin.version;
    else throw new Error(`venia-concept no longer depends on ${name}: review DEPENDENCY_PINS`);
  }
  dependencies[CHECKMO_EXTENSION.name] = CHECKMO_EXTENSION.version;
  pkg.dependencies = dependencies;
  pkg.devDependencies = devDependencies;
  if (Object.keys(OVERRIDES).length > 0)
    pkg.overrides = Object.fromEntries(Object.entries(OVERRIDES).map(([name, pin]) => [name, pin.version]));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  writeFileSync(path.join(dir, 'babel.config.js'), "module.exports = { presets: ['@magento/peregrine'] };\n");
}

function removeTestFolders(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (entry.name === '__tests__') rmSync(full, { recursive: true });
    else removeTestFolders(full);
  }
}

const REPORTED_PACKAGES = [
  '@magento/venia-ui',
  '@magento/peregrine',
  '@magento/pwa-buildpack',
  '@magento/upward-js',
  '@magento/pagebuilder',
  CHECKMO_EXTENSION.name,
  'webpack',
  'react',
  '@apollo/client',
];

function installedVersions(dir: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const name of REPORTED_PACKAGES) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) versions[name] = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return versions;
}
