// The import boundaries of Vela, as one ESLint rule, so the architecture in docs/architecture.md is
// enforced rather than only described. A "room" is a folder with a place in the layering; an import
// may only point into the rooms its own room is allowed to see.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Storefront rooms, each with the rooms below it that it may import. Every room may also use the
 * design system, @vela/ui (the ui/ workspace, checked by checkDesignSystem).
 */
const STOREFRONT_LAYERS = {
  routes: ['features', 'layout', 'shared', 'data', 'i18n', 'pwa', 'routes'],
  layout: ['features', 'shared', 'data', 'i18n', 'pwa', 'layout'],
  features: ['features', 'shared', 'data', 'i18n'],
  shared: ['shared', 'data', 'i18n'],
  pwa: ['pwa', 'data', 'i18n'],
  data: ['data', 'i18n'],
  i18n: ['i18n'],
};

/** The packages that use the design system; it sits below both and imports neither. */
const UI_USERS = ['storefront', 'backoffice'];

/** Where a repository file sits: its package, and within it the room that matters for the rules. */
export function roomOf(file) {
  const rel = path.relative(repoRoot, file).split(path.sep).join('/');
  let m = /^storefront\/app\/([^/]+)\/(?:([^/]+)\/)?/.exec(rel);
  if (m) return { pkg: 'storefront', room: m[1], sub: m[1] === 'features' ? m[2] : undefined, rel };
  if (rel.startsWith('storefront/')) return { pkg: 'storefront', room: 'app-root', rel };
  m = /^commerce\/src\/domains\/([^/]+)\//.exec(rel);
  if (m) return { pkg: 'commerce', room: 'domains', sub: m[1], rel };
  // Commerce's tests look inside the domains they test; they are no room of the running shop.
  if (rel.startsWith('commerce/test/')) return { pkg: 'commerce', room: 'test', rel };
  m = /^commerce\/src\/([^/]+)\//.exec(rel);
  if (m) return { pkg: 'commerce', room: m[1], rel };
  return { pkg: rel.split('/')[0], room: 'root', rel };
}

/** The design system's rules, and the back office's: the apps meet only in @vela/ui. */
function checkDesignSystem(fromFile, from, specifier) {
  const relative = specifier.startsWith('.');
  const target = relative ? roomOf(path.resolve(path.dirname(fromFile), specifier)) : null;
  const named = /^@vela\/([^/]+)/.exec(specifier)?.[1];

  if (from.pkg === 'ui') {
    if (named || (target && target.pkg !== 'ui'))
      return `The design system (ui/) imports nothing from Vela's packages; it sits below the storefront and the back office: '${specifier}'.`;
    return null;
  }
  if (named === 'ui') {
    if (!UI_USERS.includes(from.pkg))
      return 'Only the storefront and the back office use the design system (@vela/ui).';
    if (specifier === '@vela/ui')
      return "The design system has no barrel: import each module by its path, as '@vela/ui/Button'.";
    return null;
  }
  if (UI_USERS.includes(from.pkg) && target?.pkg === 'ui')
    return `Import the design system by its name, '@vela/ui/…', not by a path into ui/: '${specifier}'.`;

  const into = named ?? (target && target.pkg !== from.pkg ? target.pkg : undefined);
  if (from.pkg === 'backoffice' && ['storefront', 'commerce', 'server'].includes(into))
    return `The back office only speaks GraphQL (/admin/graphql) and draws with @vela/ui: it never imports ${into} code ('${specifier}').`;
  if (from.pkg === 'storefront' && into === 'backoffice') return 'The storefront never imports the back office.';
  return null;
}

/**
 * The commerce rooms that know nothing of GraphQL, named for the message; null for the others. In a
 * domain only the resolvers (`*Resolvers.ts`) speak GraphQL; services, views and rules do not.
 */
function graphqlFreeRoom(from) {
  if (from.pkg !== 'commerce') return null;
  if (['kernel', 'db', 'mail'].includes(from.room)) return `commerce/src/${from.room}`;
  if (from.room !== 'domains') return null;
  const base = path.basename(from.rel).replace(/\.(ts|tsx|js|mjs)$/, '');
  return /Resolvers$/.test(base) ? null : `A domain's module (${base})`;
}

/** For a path inside a domain's folder other than its index: the domain and the module named. */
function frontDoorOf(rel) {
  const m = /^commerce\/src\/domains\/([^/]+)\/(.+?)(\.(ts|tsx|js|mjs))?$/.exec(rel);
  if (!m || m[2] === 'index') return null;
  return { domain: m[1], inside: m[2] };
}

function check(fromFile, specifier) {
  const from = roomOf(fromFile);
  const designSystem = checkDesignSystem(fromFile, from, specifier);
  if (designSystem) return designSystem;
  // Packages by name.
  if (/^@vela\/commerce(\/|$)/.test(specifier)) {
    if (from.pkg === 'storefront') return 'The storefront only speaks GraphQL: it never imports @vela/commerce.';
    // Commerce's test fakes of outside services (a payment gateway) serve the end-to-end journeys
    // and the compatibility runs (scripts/compat) too, through the one entry made for them;
    // nothing that ships may use it.
    if (/^@vela\/commerce\/testing\/\w+$/.test(specifier))
      return from.pkg === 'e2e' || from.rel.startsWith('scripts/compat/')
        ? null
        : `Only the end-to-end journeys and the compatibility runs use commerce's test fakes ('${specifier}').`;
    if (specifier !== '@vela/commerce')
      return `Import commerce through its entry '@vela/commerce', not '${specifier}'.`;
    return null;
  }
  if (/^@vela\/server(\/|$)/.test(specifier) && from.pkg !== 'server')
    return 'Nothing imports the server: it is the top of the stack.';
  const graphqlFree = graphqlFreeRoom(from);
  if (graphqlFree && /^(graphql|graphql-yoga|graphql-jit)(\/|$)|^@graphql-|^@envelop\//.test(specifier))
    return `${graphqlFree} speaks the shop's language, not GraphQL ('${specifier}'): throw a DomainError (kernel/domainError.ts); the GraphQL layer (graphqlRuntime/domainErrors.ts) gives it Magento's shape.`;
  if (!specifier.startsWith('.')) return null;

  const target = roomOf(path.resolve(path.dirname(fromFile), specifier));
  if (from.pkg !== target.pkg) {
    if (from.pkg === 'storefront' && (target.pkg === 'commerce' || target.pkg === 'server'))
      return `The storefront never imports ${target.pkg} code.`;
    if (target.pkg === 'commerce' && from.pkg !== 'commerce')
      return "Import commerce through its entry '@vela/commerce'.";
    return null;
  }

  if (from.pkg === 'storefront') {
    const allowed = STOREFRONT_LAYERS[from.room];
    if (!allowed || target.room === 'app-root') return null;
    if (!STOREFRONT_LAYERS[target.room]) return null;
    if (!allowed.includes(target.room))
      return `storefront/app/${from.room} must not import storefront/app/${target.room} (layers: routes → layout → features → shared → data, i18n; all may use @vela/ui).`;
    if (from.room === 'features' && target.room === 'features' && from.sub !== target.sub) {
      return `A feature never imports another feature: features/${from.sub} imports features/${target.sub}. Move what both need to storefront/app/shared.`;
    }
    return null;
  }

  if (from.pkg === 'commerce') {
    if (target.room === 'graphqlRuntime' && ['kernel', 'db', 'mail', 'domains'].includes(from.room))
      return `commerce/src/${from.room} sits below the GraphQL runtime (graphqlRuntime/) and must not import it.`;
    if (target.room === 'domains' && from.room !== 'domains' && from.room !== 'root') {
      if (['db', 'mail', 'kernel'].includes(from.room))
        return `commerce/src/${from.room} sits below the domains and must not import them.`;
    }
    // A domain is entered through its front door, domains/<d>/index.ts, which names what it offers:
    // by other domains, the composition root (domains/context.ts), the back office's API, the
    // GraphQL runtime and commerce's root modules alike. Inside a domain its files see each other.
    // A domain's resolvers are not behind the door: they read the RequestContext that
    // domains/context.ts composes from the doors, so they stand above it, and only commerce's root
    // (commerce.ts, which mounts the shop's schema) imports them.
    const door = frontDoorOf(target.rel);
    const mountsResolvers = from.room === 'root' && /Resolvers$/.test(door?.inside ?? '');
    if (door && !(from.room === 'domains' && from.sub === door.domain) && from.room !== 'test' && !mountsResolvers) {
      const doorPath = path.relative(path.dirname(fromFile), path.join(repoRoot, 'commerce/src/domains', door.domain));
      return `Enter domains/${door.domain} through its front door, '${doorPath.startsWith('.') ? doorPath : `./${doorPath}`}' (its index.ts), not through its module ${door.inside}: a domain offers what its front door exports.`;
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the import boundaries of docs/architecture.md' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const report = (node, specifier) => {
      const message = check(file, specifier);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration(node) {
        report(node.source, node.source.value);
      },
      ExportNamedDeclaration(node) {
        if (node.source) report(node.source, node.source.value);
      },
      ExportAllDeclaration(node) {
        report(node.source, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          report(node.source, node.source.value);
      },
    };
  },
};

export default { rules: { boundaries: rule } };
