import type { Plugin } from 'vite';

/**
 * The shop's own code that every page runs (the root route's static imports: header, footer,
 * mini cart, data layer, design system) goes into one `shell` chunk instead of the dozens of
 * tiny shared chunks automatic splitting makes of it; each one was a request of its own.
 * Route modules stay separate, so pages keep their own code to themselves.
 */
export function shellChunk(rootRouteFile: string, clientEntryFile: string) {
  const shellModules = new Set<string>();
  const plugin: Plugin = {
    name: 'vela-shell-chunk',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      shellModules.clear();
      const pending = [clientEntryFile, rootRouteFile];
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) pending.push(imported);
      }
      // The route modules are entries of their own; only what they import joins the shell.
      shellModules.delete(rootRouteFile);
      shellModules.delete(clientEntryFile);
    },
  };
  const group = { name: 'shell', test: (id: string) => shellModules.has(id) && !id.includes('node_modules') };
  return { plugin, group };
}
