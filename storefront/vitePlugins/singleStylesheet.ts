import type { Plugin } from 'vite';

/**
 * The shop's CSS is small (about 10 KB gzip in all), so one render-blocking stylesheet beats
 * ten: with `build.cssCodeSplit: false` Vite writes one file in cascade order, and this links it
 * from the root route, whose CSS React Router renders on every page.
 */
export function singleStylesheet(rootRouteFile: string): Plugin {
  return {
    name: 'vela-single-stylesheet',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const stylesheets = Object.values(bundle).filter(
        (output) => output.type === 'asset' && output.fileName.endsWith('.css'),
      );
      if (stylesheets.length !== 1)
        this.error(`expected one stylesheet with cssCodeSplit off, found ${stylesheets.length}`);
      const root = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.facadeModuleId?.split('?')[0] === rootRouteFile,
      );
      if (!root || root.type !== 'chunk') return this.error(`no chunk for ${rootRouteFile}`);
      root.viteMetadata?.importedCss.add(stylesheets[0]!.fileName);
    },
  };
}
