import { lazy, Suspense, type ComponentProps } from 'react';

// The strip shows only after hydration (the list is this browser's), so its code need not be among
// the page's first scripts: it loads while the page hydrates.
const RecentlyViewed = lazy(() => import('./RecentlyViewed'));

export function LazyRecentlyViewed(props: ComponentProps<typeof RecentlyViewed>) {
  return (
    <Suspense fallback={null}>
      <RecentlyViewed {...props} />
    </Suspense>
  );
}
