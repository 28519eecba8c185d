import { describe, expect, it } from 'vitest';
import { productBreadcrumbs } from './productBreadcrumbs';
import { htmlToText, productMeta, truncate } from './productMeta';
import { teeProduct } from '../../../test/fixtures/testCatalog';

describe('productMeta', () => {
  it('falls back to the name and the short description text', () => {
    expect(productMeta(teeProduct, 'https://shop.test')).toEqual({
      title: 'Crew Tee',
      description: 'Everyday crew neck & relaxed fit.',
      canonical: 'https://shop.test/crew-tee.html',
    });
  });

  it('prefers the meta fields', () => {
    const meta = productMeta(
      { ...teeProduct, meta_title: 'Organic Crew Tee', meta_description: 'Buy it.', url_suffix: null },
      'https://shop.test',
    );
    expect(meta).toEqual({
      title: 'Organic Crew Tee',
      description: 'Buy it.',
      canonical: 'https://shop.test/crew-tee.html',
    });
  });

  it('strips tags and entities and cuts long text at a word', () => {
    expect(htmlToText('<p>Soft&nbsp;cotton</p><ul><li>5 &lt; 6</li></ul><script>x()</script>&#233;')).toBe(
      'Soft cotton 5 < 6 é',
    );
    const long = truncate('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('productBreadcrumbs', () => {
  it("uses the deepest category's trail", () => {
    expect(productBreadcrumbs('Crew Tee', teeProduct.categories, 'Home')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Women', to: '/women.html' },
      { label: 'Tops', to: '/women/tops.html' },
      { label: 'Crew Tee' },
    ]);
  });

  it('is just Home › product without categories', () => {
    expect(productBreadcrumbs('Mug', null, 'Home')).toEqual([{ label: 'Home', to: '/' }, { label: 'Mug' }]);
  });
});
