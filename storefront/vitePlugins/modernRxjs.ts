import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * rxjs (Apollo Client 4's observables) resolves to its ES5 build by default, which brings tslib
 * and down-levelled classes; its ES2015 build is the same code, smaller.
 */
export function modernRxjs(): Plugin {
  const require = createRequire(import.meta.url);
  const rxjsRoot = path.dirname(require.resolve('rxjs/package.json'));
  return {
    name: 'vela-modern-rxjs',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      if (source === 'rxjs') return path.join(rxjsRoot, 'dist/esm/index.js');
      if (source === 'rxjs/operators') return path.join(rxjsRoot, 'dist/esm/operators/index.js');
      return null;
    },
  };
}
