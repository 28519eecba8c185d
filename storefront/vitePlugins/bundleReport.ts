import { writeFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * `VELA_BUNDLE_REPORT=/tmp/report.json npm run build -w @vela/storefront` writes, per client
 * chunk, the rendered (pre-minification) bytes of every module in it: how we find what each
 * dependency costs.
 */
export function bundleReport(file: string | undefined): Plugin | false {
  if (!file) return false;
  return {
    name: 'vela-bundle-report',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                file: output.fileName,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                modules: Object.fromEntries(Object.entries(output.modules).map(([id, m]) => [id, m.renderedLength])),
              },
            ]
          : [],
      );
      writeFileSync(file, JSON.stringify(chunks, null, 1));
    },
  };
}
