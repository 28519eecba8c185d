import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** ICU message strings → the AST react-intl formats directly, so browsers need no parser. */
export function precompileCatalogue(json: string): string {
  const messages = JSON.parse(json) as Record<string, string>;
  const compiled = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, parse(message)]));
  return JSON.stringify(compiled);
}

/**
 * The message catalogues (app/i18n/*.json) are compiled at build time, and the browser build
 * swaps formatjs's ICU parser for its parser-less twin. A message missing from the catalogue
 * would then show its raw default text; the catalogue test keeps the catalogue complete.
 */
export function precompiledMessages(appDirectory: string): Plugin {
  const i18nDirectory = path.join(appDirectory, 'i18n') + path.sep;
  const require = createRequire(import.meta.url);
  const noParser = path.join(path.dirname(require.resolve('@formatjs/icu-messageformat-parser')), 'no-parser.js');
  return {
    name: 'vela-precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(i18nDirectory) || !id.endsWith('.json')) return null;
      return { code: precompileCatalogue(code), map: null };
    },
    resolveId: {
      order: 'pre',
      handler(source) {
        if (source === '@formatjs/icu-messageformat-parser' && this.environment.name === 'client') return noParser;
        return null;
      },
    },
  };
}
