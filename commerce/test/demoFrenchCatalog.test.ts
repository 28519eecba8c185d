import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEMO_CMS_BLOCKS,
  DEMO_CMS_BLOCKS_FR,
  DEMO_CMS_PAGES,
  DEMO_CMS_PAGES_FR,
  DEMO_CURRENCY_RATES,
  DEMO_STORE_CONFIG,
  DEMO_STORE_VIEWS,
  DEMO_STORE_VIEW_CONFIG,
} from '../src/demo/catalogContent';
import { CATEGORY_TREE, MATERIALS } from '../src/demo/catalogDefinitions';
import {
  CMS_REWRITE_ID_START,
  FRENCH_CATEGORY_REWRITE_ID_START,
  FRENCH_PRODUCT_REWRITE_ID_START,
  PRODUCT_REWRITE_ID_START,
  generateDemoCatalog,
} from '../src/demo/catalogGenerator';
import type { GeneratedCatalog, GeneratedProduct } from '../src/demo/catalogGenerator';
import { FRENCH_MATERIALS, FRENCH_NOUNS, FRENCH_STORE_ID } from '../src/demo/frenchCatalog';
import type { UrlRewriteTable } from '../src/db/tables';

/**
 * SHA-256 of the English catalog, computed by englishHash() below on the generator as it was
 * before the French store existed (commit 94dd4c2, whose url rewrites had no store_id), with
 * `node --import tsx` on a copy of englishHash. The French store's rows are left out and the
 * rewrites' new store_id is not part of the hash; everything else, search body included, is.
 * Recomputed once on purpose (issue 35): a product in several colours no longer says "Shown in
 * <its first colour>" but "Available in N colours"; nothing else changed. Recomputed again in
 * session 23, with every other part checked unchanged: the attribute rows gained `is_searchable`
 * and `is_visible_on_front` (issue 36, attributes), and jackets got their own drawings (issue 35,
 * point 11), which changes their media rows.
 */
const ENGLISH_HASH_341 = '7c4146b46bb14fcccadcdea1f72ff04de1109d0140ef6f68332ec1dbd2926b23';
const ENGLISH_HASH_2000 = '05660ff2a4130faf67a44e9bfd4fb8448b69e128fd355d9cf0a5c90107ce3024';

/** A rewrite as the English catalog always wrote it: these six columns, in this order. */
function englishRewrite(r: UrlRewriteTable) {
  return {
    id: r.id,
    request_path: r.request_path,
    target_path: r.target_path,
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    redirect_type: r.redirect_type,
  };
}

const isEnglish = (r: UrlRewriteTable) => r.store_id === 1;

function englishHash(catalog: GeneratedCatalog, products: readonly GeneratedProduct[]): string {
  const hash = createHash('sha256');
  const put = (label: string, value: unknown) => hash.update(`${label}:${JSON.stringify(value)}\n`);
  put('attributes', catalog.attributes);
  put('attributeOptions', catalog.attributeOptions);
  put('categories', catalog.categories);
  put('categoryUrlRewrites', catalog.categoryUrlRewrites.filter(isEnglish).map(englishRewrite));
  for (const p of products) {
    put('products', p.products);
    put('media', p.media);
    put('attributeValues', p.attributeValues);
    put('configurableAttributes', p.configurableAttributes);
    put('categoryLinks', p.categoryLinks);
    put('urlRewrites', p.urlRewrites.filter(isEnglish).map(englishRewrite));
    put('search', { productId: p.search.productId, sku: p.search.sku, body: p.search.body });
  }
  return hash.digest('hex');
}

const small = generateDemoCatalog();
const smallProducts = [...small.products()];
const large = generateDemoCatalog({ products: 2000 });
const largeProducts = [...large.products()];

const visible = (p: GeneratedProduct) => p.products[0]!;
const french = (p: GeneratedProduct) => p.translations[0]!;

describe('French demo catalog: the English catalog is unchanged', () => {
  it('produces the same English rows as before, for 341 and for 2,000 products', () => {
    expect(englishHash(small, smallProducts)).toBe(ENGLISH_HASH_341);
    expect(englishHash(large, largeProducts)).toBe(ENGLISH_HASH_2000);
  });

  it('marks every English address as the default store’s, and searches each store by its own name', () => {
    expect(small.categoryUrlRewrites.every((r) => r.store_id === 1)).toBe(true);
    for (const p of smallProducts) {
      const english = p.urlRewrites.filter(isEnglish);
      expect(english.length).toBeGreaterThanOrEqual(1);
      expect(p.urlRewrites.filter((r) => r.store_id === FRENCH_STORE_ID)).toHaveLength(1);
      expect(p.urlRewrites).toHaveLength(english.length + 1);
      expect(p.search.name).toBe(visible(p).name);
      expect(p.search.storeNames).toBe(french(p).name);
    }
  });
});

describe('French demo catalog: products', () => {
  it.each([
    ['341', smallProducts],
    ['2000', largeProducts],
  ])('gives each of %s visible products one French text with a unique url key and address', (_, products) => {
    const urlKeys = new Set<string>();
    for (const p of products) {
      const product = visible(p);
      expect(product.visibility).toBe(4);
      expect(p.translations).toHaveLength(1);
      const t = french(p);
      expect(t.product_id).toBe(product.id);
      expect(t.store_id).toBe(FRENCH_STORE_ID);
      expect(t.name).toBeTruthy();
      expect(t.name).not.toBe(product.name);
      expect(t.url_key).toMatch(/^[a-z0-9-]+$/);
      expect(urlKeys.has(t.url_key!)).toBe(false);
      urlKeys.add(t.url_key!);
      expect(t.meta_title).toBe(t.name);
      expect(t.description).toMatch(/^<p>.+<\/p><ul>(<li>[^<]+<\/li>){4}<\/ul><p>[^<]+<\/p>$/);
      expect(t.short_description).toMatch(/^<p>[^<]+<\/p>$/);
      expect(t.meta_description!.length).toBeGreaterThan(0);
      expect(t.meta_description!.length).toBeLessThanOrEqual(160);
      for (const text of [t.name, t.description, t.short_description, t.meta_description])
        expect(text).not.toMatch(/\$/);

      const canonical = p.urlRewrites.find((r) => r.store_id === 1 && r.redirect_type === 0)!;
      const frenchRewrite = p.urlRewrites.find((r) => r.store_id === FRENCH_STORE_ID)!;
      expect(frenchRewrite).toMatchObject({
        request_path: `${t.url_key}.html`,
        target_path: canonical.target_path,
        entity_type: 'PRODUCT',
        entity_id: product.id,
        redirect_type: 0,
      });
    }
  });

  it('keeps variants without French rows', () => {
    const ids = new Set(smallProducts.flatMap((p) => p.products.filter((v) => v.visibility === 1).map((v) => v.id)));
    expect(ids.size).toBeGreaterThan(1000);
    for (const p of smallProducts) for (const t of p.translations) expect(ids.has(t.product_id)).toBe(false);
  });

  it('names products the French way: noun, material, then the style name', () => {
    const byEnglish = new Map(smallProducts.map((p) => [visible(p).name, french(p)]));
    expect(byEnglish.get('Kestrel Crew Tee')?.name).toBe('T-shirt col rond Kestrel');
    expect(byEnglish.get('Alder Denim Jacket')?.name).toBe('Veste en jean Alder');
    expect(byEnglish.get('Kestrel Organic Cotton Zip Hoodie')?.name).toBe('Sweat zippé à capuche en coton bio Kestrel');
    expect(byEnglish.get('Ridge Wool Puffer Jacket')?.name).toBe('Doudoune en laine Ridge');
    expect(byEnglish.get('Luna Leather Racing Flat')?.name).toBe('Chaussure de compétition en cuir Luna');
    expect(byEnglish.get('Kestrel Crew Tee')?.url_key).toBe('t-shirt-col-rond-kestrel');

    let jackets = 0;
    let dresses = 0;
    for (const p of largeProducts) {
      const english = visible(p).name;
      const name = french(p).name!;
      const style = english.split(' ')[0]!;
      expect(name.endsWith(` ${style}`)).toBe(true);
      if (/Jacket|Windbreaker|Parka|Shell\b/.test(english)) {
        jackets++;
        expect(name).toMatch(/^(Veste|Blouson|Doudoune|Parka|Coupe-vent)/);
      }
      if (/Dress$/.test(english)) {
        dresses++;
        expect(name).toMatch(/^Robe /);
      }
      // The English name is 'Style Noun' or 'Style Material Noun' ('Alder Denim Jacket' is the former).
      const rest = english.slice(style.length + 1);
      if (FRENCH_NOUNS[rest]) {
        expect(name).toBe(`${FRENCH_NOUNS[rest].text} ${style}`);
      } else {
        const material = MATERIALS.find((m) => rest.startsWith(`${m} `) && FRENCH_NOUNS[rest.slice(m.length + 1)]);
        expect(material, english).toBeDefined();
        const noun = FRENCH_NOUNS[rest.slice(material!.length + 1)]!;
        expect(name).toBe(`${noun.text} en ${FRENCH_MATERIALS[material!].noun} ${style}`);
      }
    }
    expect(jackets).toBeGreaterThan(50);
    expect(dresses).toBeGreaterThan(20);
  });

  it('writes descriptions that agree with the noun', () => {
    const byEnglish = new Map(largeProducts.map((p) => [visible(p).name, french(p)]));
    const jacket = [...byEnglish].find(([name]) => name.endsWith(' Denim Jacket'))![1];
    expect(jacket.description).toMatch(/<p>Proposée en \d coloris\.<\/p>/);
    expect(jacket.description).toContain('<li>Matière : ');
    const tee = byEnglish.get('Kestrel Crew Tee')!;
    expect(tee.description).toContain('Le t-shirt col rond Kestrel a été dessiné dans notre studio');
    expect(tee.description).toContain('<p>Proposé en 2 coloris.</p>');
    const sunglasses = [...byEnglish].find(([name]) => name.endsWith(' Sunglasses'))![1];
    expect(sunglasses.description).toContain('<p>Présentées en ');
  });

  it('translates every noun of the catalog, each to its own French noun', () => {
    const nouns = new Set(CATEGORY_TREE.flatMap((top) => top.children.flatMap((c) => c.lines.flatMap((l) => l.nouns))));
    for (const noun of nouns) expect(FRENCH_NOUNS[noun], noun).toBeDefined();
    const texts = Object.values(FRENCH_NOUNS).map((n) => n.text);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('French demo catalog: categories and attributes', () => {
  it('gives every category from level 2 a French name, url key and url path under its parent’s', () => {
    const translations = new Map(small.categoryTranslations.map((t) => [t.category_id, t]));
    const levelTwoAndBelow = small.categories.filter((c) => c.level >= 2);
    expect(small.categoryTranslations).toHaveLength(levelTwoAndBelow.length);
    for (const category of levelTwoAndBelow) {
      const t = translations.get(category.id)!;
      expect(t.store_id).toBe(FRENCH_STORE_ID);
      expect(t.name).toBeTruthy();
      expect(t.url_key).toMatch(/^[a-z0-9-]+$/);
      expect(t.description).toMatch(/^<p>[^$]+<\/p>$/);
      expect(t.meta_title).toBeTruthy();
      expect(t.meta_description).toBeTruthy();
      if (category.level === 2) expect(t.url_path).toBe(t.url_key);
      else expect(t.url_path).toBe(`${translations.get(category.parent_id!)!.url_path}/${t.url_key}`);
      const rewrite = small.categoryTranslationRewrites.find((r) => r.entity_id === category.id)!;
      const english = small.categoryUrlRewrites.find((r) => r.entity_id === category.id && r.redirect_type === 0)!;
      expect(rewrite).toMatchObject({
        store_id: FRENCH_STORE_ID,
        request_path: `${t.url_path}.html`,
        target_path: english.target_path,
        entity_type: 'CATEGORY',
        redirect_type: 0,
      });
    }
    const byEnglishPath = new Map(small.categories.map((c) => [c.url_path, translations.get(c.id)?.url_path]));
    expect(byEnglishPath.get('women')).toBe('femme');
    expect(byEnglishPath.get('sale')).toBe('soldes');
    expect(byEnglishPath.get('men/jackets-coats')).toBe('homme/vestes-manteaux');
    expect(byEnglishPath.get('home')).toBe('maison');
  });

  it('keeps every French address unique within the French store', () => {
    const paths = [
      ...large.categoryTranslationRewrites,
      ...largeProducts.flatMap((p) => p.urlRewrites.filter((r) => r.store_id === FRENCH_STORE_ID)),
    ].map((r) => r.request_path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('never reuses a url rewrite id, French ones included, even at 100,000 products', () => {
    const ids = [
      ...large.categoryUrlRewrites,
      ...large.categoryTranslationRewrites,
      ...largeProducts.flatMap((p) => p.urlRewrites),
    ].map((r) => r.id);
    ids.push(...DEMO_CMS_PAGES.map((_, i) => CMS_REWRITE_ID_START + i));
    expect(new Set(ids).size).toBe(ids.length);
    // The ranges: at most 1 + 1/25 default-store rewrites per product, one French one per product.
    const products = 100_000;
    expect(large.categoryUrlRewrites.length).toBeLessThan(CMS_REWRITE_ID_START);
    expect(CMS_REWRITE_ID_START + DEMO_CMS_PAGES.length).toBeLessThan(PRODUCT_REWRITE_ID_START);
    expect(PRODUCT_REWRITE_ID_START + products + Math.ceil(products / 25)).toBeLessThan(
      FRENCH_CATEGORY_REWRITE_ID_START,
    );
    expect(FRENCH_CATEGORY_REWRITE_ID_START + large.categoryTranslationRewrites.length).toBeLessThan(
      FRENCH_PRODUCT_REWRITE_ID_START,
    );
    expect(FRENCH_PRODUCT_REWRITE_ID_START + products).toBeLessThan(2 ** 31);
  });

  it('translates the attribute labels, and every option label except sizes', () => {
    expect(Object.fromEntries(small.attributeTranslations.map((a) => [a.attribute_code, a.label]))).toEqual({
      color: 'Couleur',
      size: 'Taille',
      material: 'Matière',
      pattern: 'Motif',
      activity: 'Activité',
    });
    const options = new Map(small.attributeOptions.map((o) => [o.id, o]));
    const translated = new Map(small.optionTranslations.map((t) => [t.option_id, t.label]));
    for (const t of small.optionTranslations) {
      expect(t.store_id).toBe(FRENCH_STORE_ID);
      expect(t.label).not.toBe(options.get(t.option_id)!.label);
    }
    for (const option of small.attributeOptions) {
      if (option.attribute_code === 'size') expect(translated.has(option.id)).toBe(false);
    }
    const label = (code: string, english: string) =>
      translated.get(small.attributeOptions.find((o) => o.attribute_code === code && o.label === english)!.id);
    expect(label('color', 'Navy')).toBe('Bleu marine');
    expect(label('material', 'Merino Wool')).toBe('Laine mérinos');
    expect(label('pattern', 'Striped')).toBe('Rayé');
    expect(label('activity', 'Hiking')).toBe('Randonnée');
    // Written the same in French: no row.
    expect(label('material', 'Denim')).toBeUndefined();
    expect(small.optionTranslations.length).toBeGreaterThan(40);
  });
});

describe('French store view: settings and CMS', () => {
  it('declares the two store views, the EUR rate and the French settings', () => {
    expect(DEMO_STORE_VIEWS.map((s) => [s.id, s.code, s.locale, s.default_display_currency_code])).toEqual([
      [1, 'default', 'en_US', 'USD'],
      [2, 'fr', 'fr_FR', 'EUR'],
    ]);
    expect(DEMO_CURRENCY_RATES).toContainEqual({ currency_from: 'USD', currency_to: 'EUR', rate: 0.92 });
    const config = Object.fromEntries(DEMO_STORE_VIEW_CONFIG.map((row) => [row.key, row.value]));
    for (const row of DEMO_STORE_VIEW_CONFIG) {
      expect(row.store_id).toBe(FRENCH_STORE_ID);
      expect(row.value).not.toContain('$');
      // Carrier and payment titles, and the offline methods' instructions, live under Magento's
      // configuration paths, not storeConfig fields.
      if (row.key.includes('/')) {
        expect(row.key).toMatch(/^(carriers\/[a-z]+\/(title|name)|payment\/[a-z]+\/(title|instructions))$/);
        continue;
      }
      expect(DEMO_STORE_CONFIG[row.key], row.key).toBeDefined();
      expect(row.value, row.key).not.toBe(DEMO_STORE_CONFIG[row.key]);
      expect(row.value).not.toContain('$');
    }
    expect(config).toMatchObject({
      id: '2',
      store_code: 'fr',
      locale: 'fr_FR',
      default_display_currency_code: 'EUR',
      base_link_url: '/fr/',
      secure_base_link_url: '/fr/',
      is_default_store: 'false',
    });
    for (const key of ['default_title', 'title_suffix', 'default_description', 'welcome', 'copyright', 'logo_alt'])
      expect(config[key], key).toBeDefined();
  });

  /** The tags of an HTML text with their attributes, except the ones a translation changes. */
  const structure = (html: string | null) =>
    (html ?? '').match(/<[^>]+>/g)?.map((tag) => tag.replace(/ (href|alt)="[^"]*"/g, '')) ?? [];

  it('translates every CMS page and block, keeping the HTML structure', () => {
    expect(DEMO_CMS_PAGES_FR.map((p) => p.page_id)).toEqual(DEMO_CMS_PAGES.map((p) => p.id));
    expect(DEMO_CMS_BLOCKS_FR.map((b) => b.block_id)).toEqual(DEMO_CMS_BLOCKS.map((b) => b.id));
    const pairs = [
      ...DEMO_CMS_PAGES.map((p, i) => [p, DEMO_CMS_PAGES_FR[i]!] as const),
      ...DEMO_CMS_BLOCKS.map((b, i) => [b, DEMO_CMS_BLOCKS_FR[i]!] as const),
    ];
    for (const [english, fr] of pairs) {
      expect(fr.store_id).toBe(FRENCH_STORE_ID);
      expect(fr.title).toBeTruthy();
      expect(fr.title).not.toBe(english.title);
      expect(fr.content).not.toBe(english.content);
      expect(structure(fr.content)).toEqual(structure(english.content));
      for (const text of Object.values(fr)) if (typeof text === 'string') expect(text).not.toContain('$');
    }
    const home = DEMO_CMS_PAGES_FR[0]!;
    // The threshold is written in when served, in the shopper's currency (freeDeliveryPromise.test.ts).
    expect(home.content).toContain(
      'Livraison offerte dès {{config path="carriers/freeshipping/free_shipping_subtotal"}}',
    );
    expect(home.content).toContain('alt="Une veste');
    expect(DEMO_CMS_BLOCKS_FR.find((b) => b.block_id === 3)!.content).toContain('dès {{config path=');
  });

  it('links to the French store’s addresses', () => {
    const frenchCategoryPaths = new Set(small.categoryTranslationRewrites.map((r) => `/fr/${r.request_path}`));
    const pageIdentifiers = new Set(DEMO_CMS_PAGES.map((p) => p.identifier));
    const hrefs = [...DEMO_CMS_PAGES_FR, ...DEMO_CMS_BLOCKS_FR].flatMap((row) =>
      [...(row.content ?? '').matchAll(/href="([^"]*)"/g)].map((m) => m[1]!),
    );
    expect(hrefs).toContain('/fr/soldes.html');
    expect(hrefs).toContain('/fr/femme.html');
    expect(hrefs).toContain('/fr/about-us');
    for (const href of hrefs) {
      if (href.startsWith('mailto:')) continue;
      expect(href).toMatch(/^\/fr\//);
      const path = href.slice('/fr/'.length);
      if (path.endsWith('.html')) expect(frenchCategoryPaths.has(href), href).toBe(true);
      else if (path !== '' && !['sales/guest/form', 'contact'].includes(path))
        expect(pageIdentifiers.has(path), href).toBe(true);
    }
  });
});
