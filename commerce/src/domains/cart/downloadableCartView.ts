import { toMajor } from '../../kernel/money';
import { downloadableLinksView } from '../catalog';
import type { RequestContext } from '../context';
import type { PricedLine } from './cartPricingService';

/**
 * A downloadable line's chosen links as Magento's DownloadableProductLinks. Each price is what the
 * link adds to this line's unit, in the cart's currency (nothing when the product comes with all
 * its links), so the links and the line's price agree.
 */
export function downloadableCartLinksView(line: PricedLine & { currency: string }, context: RequestContext) {
  const links = line.downloadableLinks;
  const views = downloadableLinksView(
    { links_title: '', samples_title: '', links_purchased_separately: 1, links: links.map((l) => l.link), samples: [] },
    line.currency,
    { currency: line.currency, rate: 1 },
    (p) => context.services.urls.absolute(p),
  );
  return views.map((view, index) => ({ ...view, price: toMajor(links[index]!.price, line.currency) }));
}
