export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The page links to show: always the first and last page, the current one with `radius`
 * neighbours on each side, and a gap where pages are skipped. A gap never stands for a single
 * page (that page is shown instead), so the list never gets longer by hiding something.
 */
export function pageWindow(current: number, total: number, radius = 1): PageItem[] {
  if (total <= 1) return [];
  const shown = new Set<number>([1, total]);
  for (let page = current - radius; page <= current + radius; page++) if (page >= 1 && page <= total) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push({ type: 'page', page: previous + 1 });
    else if (page - previous > 2) items.push({ type: 'gap', key: `gap-${previous}` });
    items.push({ type: 'page', page });
    previous = page;
  }
  return items;
}
