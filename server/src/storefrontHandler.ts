import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';

export interface GraphQLTransport {
  uri: string;
  fetch: typeof fetch;
}

/**
 * Server-side rendering of the storefront. `transportFor` decides how the render reaches GraphQL:
 * in-process against the embedded commerce API, or over HTTP to a Magento backend.
 */
export async function createStorefrontHandler(buildDir: string, transportFor: (request: Request) => GraphQLTransport) {
  const buildFile = path.join(buildDir, 'server', 'index.js');
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production');
  return (request: Request, render: { cspNonce: string }) =>
    handle(request, { graphql: transportFor(request), cspNonce: render.cspNonce });
}
