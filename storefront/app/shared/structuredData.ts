// schema.org JSON-LD that pages put in their head (React Router renders each object as a
// <script type="application/ld+json">, escaped). Every URL in it is absolute, every price a number.

export type JsonLd = Record<string, unknown> & { '@type': string };

const CONTEXT = 'https://schema.org';

export function withContext(node: JsonLd): JsonLd {
  return { '@context': CONTEXT, ...node };
}

export interface TrailItem {
  name: string;
  /** Absolute URL. */
  url: string;
}

/** A trail of pages, the current page last; nothing when there is no trail to speak of. */
export function breadcrumbList(crumbs: readonly TrailItem[]): JsonLd | null {
  const named = crumbs.filter((crumb) => crumb.name.trim() !== '');
  if (named.length < 2) return null;
  return withContext({
    '@type': 'BreadcrumbList',
    itemListElement: named.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  });
}

/** The shop, and how to search it: what a search engine shows as a search box under the result. */
export function shopStructuredData(store: { name: string; origin: string; logo: string }): JsonLd[] {
  const home = `${store.origin}/`;
  return [
    withContext({ '@type': 'Organization', name: store.name, url: home, logo: store.logo }),
    withContext({
      '@type': 'WebSite',
      name: store.name,
      url: home,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${store.origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    }),
  ];
}

/** A URL the page has as given (absolute or from the shop's root) made absolute. */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, `${origin}/`).href;
}
