import { describe, expect, it } from 'vitest';
import { downloadableView, priceWithLinks } from './downloadableLinks';
import type { ProductPageProduct } from './productPageQuery';

const product = (separately: number) =>
  ({
    __typename: 'DownloadableProduct',
    links_title: 'Formats',
    links_purchased_separately: separately,
    downloadable_product_links: [
      { uid: 'pdf', title: 'PDF', price: 5, sort_order: 1, sample_url: null },
      { uid: 'epub', title: 'EPUB', price: 3, sort_order: 2, sample_url: 'https://shop.test/s' },
    ],
    downloadable_product_samples: [{ title: 'Chapter one', sort_order: 1, sample_url: 'https://shop.test/c1' }],
  }) as unknown as ProductPageProduct;
const price = {
  regular_price: { value: 10, currency: 'USD' },
  final_price: { value: 10, currency: 'USD' },
};

describe('a downloadable product on its page', () => {
  it('adds the chosen links to the price when they are bought separately', () => {
    const view = downloadableView(product(1));
    expect(view).toMatchObject({ title: 'Formats', separately: true });
    expect(view?.samples).toEqual([{ title: 'Chapter one', url: 'https://shop.test/c1' }]);
    expect(priceWithLinks(view, ['pdf', 'epub'], price).final_price.value).toBe(18);
    expect(priceWithLinks(view, [], price).final_price.value).toBe(10);
  });

  it('keeps the price when the product comes with all its links', () => {
    const view = downloadableView(product(0));
    expect(view?.separately).toBe(false);
    expect(priceWithLinks(view, ['pdf'], price).final_price.value).toBe(10);
  });
});
