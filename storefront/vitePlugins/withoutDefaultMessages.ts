import path from 'node:path';
import type { Plugin } from 'vite';

const STRING = String.raw`(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`(?:[^`\\\\$]|\\\\.|\\$(?!\\{))*`)';
const PROPERTY = new RegExp(String.raw`\bdefaultMessage\s*:\s*${STRING}\s*,?`, 'g');
const ATTRIBUTE = new RegExp(String.raw`\sdefaultMessage\s*=\s*(?:"[^"]*"|'[^']*'|\{\s*${STRING}\s*\})`, 'g');

/** Drops every literal `defaultMessage` from message descriptors and `<FormattedMessage>` props. */
export function stripDefaultMessages(code: string): string {
  return code.replace(PROPERTY, '').replace(ATTRIBUTE, '');
}

/**
 * The browser formats every message from the precompiled catalogue (see precompiledMessages),
 * and without the ICU parser it could not format a default message anyway, so the English
 * defaults written next to each id are dead weight there. The server build keeps them. The
 * catalogue test guarantees every id is in the catalogue. `sourceDirectories` are the app and the
 * design system (@vela/ui, bundled from its own folder), whose labels are in the catalogue too.
 */
export function withoutDefaultMessages(sourceDirectories: readonly string[]): Plugin {
  return {
    name: 'vela-without-default-messages',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (
        !sourceDirectories.some((directory) => file.startsWith(directory + path.sep)) ||
        file.includes('__generated__') ||
        !/\.tsx?$/.test(file) ||
        !code.includes('defaultMessage')
      )
        return null;
      return { code: stripDefaultMessages(code), map: null };
    },
  };
}
