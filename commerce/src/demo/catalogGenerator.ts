import type {
  AttributeOptionStoreTable,
  AttributeOptionTable,
  AttributeStoreTable,
  AttributeTable,
  CategoryProductTable,
  CategoryStoreTable,
  CategoryTable,
  ConfigurableAttributeTable,
  ProductAttributeValueTable,
  ProductMediaTable,
  ProductStoreTable,
  ProductTable,
  UrlRewriteTable,
} from '../db/tables';
import { DEFAULT_ROOT_CATEGORY_ID, MAGENTO_ROOT_CATEGORIES } from '../domains/store';
import type { SearchDocument } from '../db/searchIndex';
import { createRandom } from './catalogRandom';
import type { Random } from './catalogRandom';
import {
  ACTIVITIES,
  ALL_SIZES,
  CATEGORY_TREE,
  COLORS,
  FEATURE_PHRASES,
  MATERIALS,
  PATTERNS,
  SALE_CATEGORY,
  SIZE_SETS,
  STYLE_NAMES,
  imageKindFor,
} from './catalogDefinitions';
import type { ColorDefinition, ProductLine } from './catalogDefinitions';
import {
  DEFAULT_STORE_ID,
  FRENCH_ATTRIBUTE_LABELS,
  FRENCH_STORE_ID,
  frenchCategoryDescription,
  frenchCategoryName,
  frenchOptionLabel,
  frenchProductName,
  frenchProductText,
} from './frenchCatalog';
import { slugify } from '../kernel/slug';
import { demoProductImagePath } from './productImage';
import type { DemoImageView } from './productImage';

export const DEMO_SEED = 20240407;
export const DEMO_PRODUCT_COUNT = 341;
export const ROOT_CATEGORY_ID = DEFAULT_ROOT_CATEGORY_ID;
export const CURRENCY = 'USD';
/**
 * Url rewrite id ranges. The default store's: categories from 1, CMS pages from 5001, products
 * from 10001 (at most 1.04 per product, so below 5,000,000 up to 4.8 million products). The French
 * store's: categories from 5,000,001, products from 5,001,001 (one per product).
 */
export const CMS_REWRITE_ID_START = 5001;
export const PRODUCT_REWRITE_ID_START = 10001;
export const FRENCH_CATEGORY_REWRITE_ID_START = 5_000_001;
export const FRENCH_PRODUCT_REWRITE_ID_START = 5_001_001;

export { slugify };

export interface CatalogOptions {
  products?: number;
  seed?: number;
  /** Fewer variants and images per product: for very large benchmark catalogs. */
  compact?: boolean;
}

/** Every row one visible product brings into the database, variants included. */
export interface GeneratedProduct {
  products: ProductTable[];
  media: ProductMediaTable[];
  attributeValues: ProductAttributeValueTable[];
  configurableAttributes: ConfigurableAttributeTable[];
  categoryLinks: CategoryProductTable[];
  /** The default store's addresses, then the French store's canonical one. */
  urlRewrites: UrlRewriteTable[];
  /** The visible product's French texts (store 2); variants have none. */
  translations: ProductStoreTable[];
  /** The English name, and the French one apart, so each store's shoppers find it in their own language. */
  search: SearchDocument;
}

export interface GeneratedCatalog {
  attributes: AttributeTable[];
  attributeOptions: AttributeOptionTable[];
  categories: CategoryTable[];
  categoryUrlRewrites: UrlRewriteTable[];
  /** French texts (store 2) of every category from level 2, sale included. */
  categoryTranslations: CategoryStoreTable[];
  /** The French store's canonical category addresses. */
  categoryTranslationRewrites: UrlRewriteTable[];
  attributeTranslations: AttributeStoreTable[];
  /** French option labels, where they differ from the English ones (sizes do not). */
  optionTranslations: AttributeOptionStoreTable[];
  /** Lazy so that a 50,000-product catalog streams into the database instead of into memory. */
  products(): Generator<GeneratedProduct>;
}

interface Leaf {
  id: number;
  topId: number;
  topUrlKey: string;
  urlPath: string;
  name: string;
  lines: readonly ProductLine[];
}

const ATTRIBUTES: AttributeTable[] = [
  {
    id: 1,
    code: 'color',
    label: 'Color',
    position: 10,
    input: 'swatch_color',
    is_filterable: 1,
    is_searchable: 1,
    is_visible_on_front: 1,
  },
  {
    id: 2,
    code: 'size',
    label: 'Size',
    position: 20,
    input: 'select',
    is_filterable: 1,
    is_searchable: 1,
    is_visible_on_front: 1,
  },
  {
    id: 3,
    code: 'material',
    label: 'Material',
    position: 30,
    input: 'select',
    is_filterable: 1,
    is_searchable: 1,
    is_visible_on_front: 1,
  },
  {
    id: 4,
    code: 'pattern',
    label: 'Pattern',
    position: 40,
    input: 'select',
    is_filterable: 1,
    is_searchable: 1,
    is_visible_on_front: 1,
  },
  {
    id: 5,
    code: 'activity',
    label: 'Activity',
    position: 50,
    input: 'select',
    is_filterable: 1,
    is_searchable: 1,
    is_visible_on_front: 1,
  },
];

function buildOptions(): { rows: AttributeOptionTable[]; ids: Map<string, number> } {
  const rows: AttributeOptionTable[] = [];
  const ids = new Map<string, number>();
  let id = 1;
  const add = (code: string, labels: readonly string[], swatch?: (label: string, i: number) => string) => {
    labels.forEach((label, i) => {
      rows.push({ id, attribute_code: code, label, swatch_value: swatch ? swatch(label, i) : null, position: i });
      ids.set(`${code}:${label}`, id);
      id++;
    });
  };
  add(
    'color',
    COLORS.map((c) => c.label),
    (_label, i) => (COLORS[i] as ColorDefinition).hex,
  );
  add('size', ALL_SIZES);
  add('material', MATERIALS);
  add('pattern', PATTERNS);
  add('activity', ACTIVITIES);
  return { rows, ids };
}

function buildAttributeTranslations(): AttributeStoreTable[] {
  return ATTRIBUTES.map((attribute) => ({
    attribute_code: attribute.code,
    store_id: FRENCH_STORE_ID,
    label: FRENCH_ATTRIBUTE_LABELS[attribute.code] ?? attribute.label,
  })).filter((row, i) => row.label !== ATTRIBUTES[i]?.label);
}

function buildOptionTranslations(options: readonly AttributeOptionTable[]): AttributeOptionStoreTable[] {
  const rows: AttributeOptionStoreTable[] = [];
  for (const option of options) {
    const label = frenchOptionLabel(option.attribute_code, option.label);
    if (label !== option.label) rows.push({ option_id: option.id, store_id: FRENCH_STORE_ID, label });
  }
  return rows;
}

function buildCategories(): {
  categories: CategoryTable[];
  rewrites: UrlRewriteTable[];
  translations: CategoryStoreTable[];
  translationRewrites: UrlRewriteTable[];
  leaves: Leaf[];
  saleIds: Map<string, { id: number; topId: number }>;
} {
  const categories: CategoryTable[] = MAGENTO_ROOT_CATEGORIES.map((root) => ({ ...root }));
  const leaves: Leaf[] = [];
  const saleIds = new Map<string, { id: number; topId: number }>();
  /** French texts by category id, in the order of the categories. */
  const french = new Map<number, CategoryStoreTable>();
  let nextId = 3;
  const addFrench = (parent: CategoryTable, id: number, englishName: string, description: string) => {
    const name = frenchCategoryName(englishName);
    const urlKey = slugify(name);
    const parentFrench = french.get(parent.id);
    french.set(id, {
      category_id: id,
      store_id: FRENCH_STORE_ID,
      name,
      url_key: urlKey,
      url_path: parentFrench ? `${parentFrench.url_path}/${urlKey}` : urlKey,
      description,
      meta_title: parentFrench ? `${name} - ${parentFrench.name}` : name,
      meta_description: parentFrench
        ? `${name}, rayon ${(parentFrench.name ?? '').toLowerCase()} : toute la sélection Vela.`
        : `${name} : toute la sélection Vela.`,
    });
  };
  const add = (
    parent: CategoryTable,
    position: number,
    name: string,
    urlKey: string,
    description: string | null,
    frenchDescription: string,
  ): CategoryTable => {
    const id = nextId++;
    const urlPath = parent.level >= 2 ? `${parent.url_path}/${urlKey}` : urlKey;
    const row: CategoryTable = {
      id,
      parent_id: parent.id,
      path: `${parent.path}/${id}`,
      level: parent.level + 1,
      position,
      name,
      url_key: urlKey,
      url_path: urlPath,
      description,
      meta_title: parent.level >= 2 ? `${name} - ${parent.name}` : name,
      meta_description: `Shop ${name.toLowerCase()} at Vela${parent.level >= 2 ? ` in ${parent.name}` : ''}.`,
      image: null,
      include_in_menu: 1,
      is_active: 1,
    };
    categories.push(row);
    addFrench(parent, id, name, frenchDescription);
    return row;
  };
  const root = categories[1] as CategoryTable;
  CATEGORY_TREE.forEach((top, topIndex) => {
    const topRow = add(
      root,
      topIndex + 1,
      top.name,
      top.urlKey,
      top.description,
      frenchCategoryDescription(top.urlKey),
    );
    const frenchTop = frenchCategoryName(top.name).toLowerCase();
    top.children.forEach((child, childIndex) => {
      const row = add(
        topRow,
        childIndex + 1,
        child.name,
        child.urlKey,
        `<p>${child.name} from our ${top.name.toLowerCase()} collection.</p>`,
        `<p>${frenchCategoryName(child.name)} de notre collection ${frenchTop}.</p>`,
      );
      leaves.push({
        id: row.id,
        topId: topRow.id,
        topUrlKey: top.urlKey,
        urlPath: row.url_path,
        name: row.name,
        lines: child.lines,
      });
    });
  });
  const saleTop = add(
    root,
    CATEGORY_TREE.length + 1,
    SALE_CATEGORY.name,
    SALE_CATEGORY.urlKey,
    SALE_CATEGORY.description,
    frenchCategoryDescription(SALE_CATEGORY.urlKey),
  );
  SALE_CATEGORY.children.forEach((child, i) => {
    const row = add(
      saleTop,
      i + 1,
      child.name,
      child.urlKey,
      `<p>Reduced ${child.name.replace(' Sale', '').toLowerCase()}.</p>`,
      frenchCategoryDescription(child.name),
    );
    for (const from of child.from) saleIds.set(from, { id: row.id, topId: saleTop.id });
  });

  const rewrites: UrlRewriteTable[] = [];
  for (const category of categories) {
    if (category.level < 2) continue;
    rewrites.push({
      id: rewrites.length + 1,
      request_path: `${category.url_path}.html`,
      target_path: `catalog/category/view/id/${category.id}`,
      entity_type: 'CATEGORY',
      entity_id: category.id,
      redirect_type: 0,
      store_id: DEFAULT_STORE_ID,
    });
  }
  // Old addresses from a previous shop structure, kept alive as permanent redirects.
  const oldPaths: Array<[string, string]> = [
    ['womens-tops.html', 'women/tops'],
    ['mens-jackets.html', 'men/jackets-coats'],
    ['clearance.html', 'sale'],
  ];
  for (const [oldPath, target] of oldPaths) {
    const category = categories.find((c) => c.url_path === target);
    if (!category) continue;
    rewrites.push({
      id: rewrites.length + 1,
      request_path: oldPath,
      target_path: `${category.url_path}.html`,
      entity_type: 'CATEGORY',
      entity_id: category.id,
      redirect_type: 301,
      store_id: DEFAULT_STORE_ID,
    });
  }

  const translations = [...french.values()];
  const translationRewrites: UrlRewriteTable[] = translations.map((row, i) => ({
    id: FRENCH_CATEGORY_REWRITE_ID_START + i,
    request_path: `${row.url_path}.html`,
    target_path: `catalog/category/view/id/${row.category_id}`,
    entity_type: 'CATEGORY',
    entity_id: row.category_id,
    redirect_type: 0,
    store_id: FRENCH_STORE_ID,
  }));
  return { categories, rewrites, translations, translationRewrites, leaves, saleIds };
}

function price(random: Random, range: readonly [number, number]): number {
  const dollars = random.int(range[0], range[1]);
  return dollars * 100 - random.pick([0, 0, 0, 1, 5]);
}

function specialPrice(random: Random, regular: number): number | null {
  if (!random.chance(0.22)) return null;
  const percent = random.pick([15, 20, 25, 30, 40, 50]);
  const reduced = Math.round((regular * (100 - percent)) / 100 / 100) * 100 - 1;
  return reduced > 0 && reduced < regular ? reduced : null;
}

function colorCode(color: ColorDefinition): string {
  return color.label.replace(/\s+/g, '').slice(0, 3).toUpperCase();
}

function hex6(color: ColorDefinition): string {
  return color.hex.replace('#', '').toLowerCase();
}

function stripHtml(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The description is shared by every variant, so it names a colour only when there is one: a red
 * variant must not read "Shown in grey" (issue 35).
 */
function colourSentence(colors: readonly string[]): string {
  return colors.length === 1
    ? `Shown in ${(colors[0] ?? '').toLowerCase()}.`
    : `Available in ${colors.length} colours.`;
}

/** The English texts, and which sentences they were made of (for the French texts, which follow them). */
function describe(
  random: Random,
  name: string,
  noun: string,
  material: string,
  colors: readonly string[],
): { html: string; short: string; opener: number; middle: number; features: string[] } {
  const openers = [
    `The ${name} is the kind of piece you reach for without thinking.`,
    `Meet the ${name}: simple, useful and made to last.`,
    `Our ${name} takes a classic ${noun.toLowerCase()} and gets the details right.`,
    `The ${name} was designed in our studio and refined over many samples.`,
  ];
  const middles = [
    `It is made from ${material.toLowerCase()} that feels good from day one and gets better with time.`,
    `${material} gives it a natural texture and a clean, even finish.`,
    `We chose ${material.toLowerCase()} for its durability and its honest, understated look.`,
  ];
  const features = random.sample(FEATURE_PHRASES, 3);
  // The same draws as picking the sentences themselves: pick() draws an index.
  const opener = random.int(0, openers.length - 1);
  const middle = random.int(0, middles.length - 1);
  const html = `<p>${openers[opener]} ${middles[middle]}</p><ul>${features.map((f) => `<li>${f}</li>`).join('')}<li>Material: ${material}</li></ul><p>${colourSentence(colors)}</p>`;
  const short = `<p>${material} ${noun.toLowerCase()}. ${features[0] ?? ''}.</p>`;
  return { html, short, opener, middle, features };
}

/** Nouns that already name their material read badly with a second one ('Linen Denim Jacket'). */
const MATERIAL_IN_NOUN = /Denim|Linen|Wool|Canvas|Knit|Fleece|Glass|Stoneware|Corduroy|Leather|Bouclé/;

const IMAGE_LABELS = ['front', 'back', 'detail'] as const;

export function generateDemoCatalog(options: CatalogOptions = {}): GeneratedCatalog {
  const count = options.products ?? DEMO_PRODUCT_COUNT;
  const seed = options.seed ?? DEMO_SEED;
  const compact = options.compact ?? false;
  const { rows: attributeOptions, ids: optionIds } = buildOptions();
  const {
    categories,
    rewrites: categoryUrlRewrites,
    translations: categoryTranslations,
    translationRewrites: categoryTranslationRewrites,
    leaves,
    saleIds,
  } = buildCategories();
  const optionId = (code: string, label: string): number => {
    const id = optionIds.get(`${code}:${label}`);
    if (id === undefined) throw new Error(`unknown option ${code}:${label}`);
    return id;
  };

  function* products(): Generator<GeneratedProduct> {
    const random = createRandom(seed);
    const usedNames = new Set<string>();
    const usedUrlKeys = new Set<string>();
    const usedFrenchUrlKeys = new Set<string>();
    const categoryPositions = new Map<number, number>();
    let nextProductId = 1;
    let nextMediaId = 1;
    let nextRewriteId = PRODUCT_REWRITE_ID_START;
    let configurableAttributeId = 1;
    const nextPosition = (categoryId: number) => {
      const position = (categoryPositions.get(categoryId) ?? 0) + 1;
      categoryPositions.set(categoryId, position);
      return position;
    };

    for (let index = 0; index < count; index++) {
      const leaf = leaves[index % leaves.length] as Leaf;
      const line = random.pick(leaf.lines);
      const noun = random.pick(line.nouns);
      const material = random.pick(line.materials);
      let name = '';
      let style = '';
      let namedMaterial = false;
      for (let attempt = 0; attempt < 8 && (name === '' || usedNames.has(name)); attempt++) {
        style = random.pick(STYLE_NAMES);
        const withMaterial = attempt > 3 || random.chance(0.35);
        namedMaterial = withMaterial && !MATERIAL_IN_NOUN.test(noun);
        name = namedMaterial ? `${style} ${material} ${noun}` : `${style} ${noun}`;
      }
      usedNames.add(name);
      let urlKey = slugify(name);
      if (usedUrlKeys.has(urlKey)) urlKey = `${urlKey}-${index + 1}`;
      usedUrlKeys.add(urlKey);
      // The French name follows the English choices: no draw from the random stream.
      const frenchName = frenchProductName(noun, namedMaterial ? material : null, style);
      let frenchUrlKey = slugify(frenchName);
      if (usedFrenchUrlKeys.has(frenchUrlKey)) frenchUrlKey = `${frenchUrlKey}-${index + 1}`;
      usedFrenchUrlKeys.add(frenchUrlKey);

      const parentId = nextProductId++;
      const sku = `${line.kind.replace('-', '').slice(0, 3).toUpperCase()}${String(index + 1).padStart(5, '0')}`;
      // The picture follows the noun (a tank in a line of tees); the SKU above keeps the line's kind.
      const imageKind = imageKindFor(line, noun);
      const regular = price(random, line.price);
      const special = specialPrice(random, regular);
      const final = special ?? regular;
      const sizes = line.sizes ? SIZE_SETS[line.sizes] : null;
      const colors = random.sample(COLORS, sizes ? random.int(compact ? 2 : 2, compact ? 2 : 4) : 1);
      const firstColor = colors[0] as ColorDefinition;
      const pattern = line.patterns ? random.pick(line.patterns) : null;
      const activities = line.activities
        ? random.sample(line.activities, random.int(1, Math.min(2, line.activities.length)))
        : [];
      const colorLabels = colors.map((color) => color.label);
      const text = describe(random, name, noun, material, colorLabels);
      const frenchText = frenchProductText({
        name: frenchName,
        englishNoun: noun,
        material,
        colors: colorLabels,
        opener: text.opener,
        middle: text.middle,
        features: text.features,
        materialInNoun: MATERIAL_IN_NOUN.test(noun),
      });

      const generated: GeneratedProduct = {
        products: [],
        media: [],
        attributeValues: [],
        configurableAttributes: [],
        categoryLinks: [],
        urlRewrites: [],
        translations: [
          {
            product_id: parentId,
            store_id: FRENCH_STORE_ID,
            name: frenchName,
            url_key: frenchUrlKey,
            description: frenchText.html,
            short_description: frenchText.short,
            meta_title: frenchName,
            meta_description: stripHtml(frenchText.short).slice(0, 160),
          },
        ],
        search: { productId: parentId, name, storeNames: frenchName, sku, body: '', storeBody: '' },
      };
      const addImages = (productId: number, productName: string, color: ColorDefinition, views: number) => {
        for (let view = 1; view <= views; view++) {
          generated.media.push({
            id: nextMediaId++,
            product_id: productId,
            url: demoProductImagePath(imageKind, hex6(color), view as DemoImageView),
            label: `${productName} - ${IMAGE_LABELS[view - 1]}`,
            position: view,
            disabled: 0,
          });
        }
      };
      const addValue = (productId: number, code: string, label: string) => {
        generated.attributeValues.push({
          product_id: productId,
          attribute_code: code,
          option_id: optionId(code, label),
        });
      };

      const base = {
        name,
        url_key: urlKey,
        description: text.html,
        short_description: text.short,
        meta_title: name,
        meta_description: stripHtml(text.short).slice(0, 160),
        currency: CURRENCY,
        price: regular,
        special_price: special,
        position: index + 1,
      };
      const parent: ProductTable = {
        ...base,
        id: parentId,
        type: sizes ? 'configurable' : 'simple',
        parent_id: null,
        sku,
        visibility: 4,
        min_price: final,
        max_price: final,
        min_regular_price: regular,
        max_regular_price: regular,
        stock_qty: 0,
        in_stock: 1,
      };
      generated.products.push(parent);

      if (sizes) {
        const sizeList = compact ? sizes.slice(1, 4) : sizes;
        const allOutOfStock = random.chance(0.03);
        let inStockFinals: number[] = [];
        for (const color of colors) {
          for (const size of sizeList) {
            const variantId = nextProductId++;
            const qty =
              allOutOfStock || random.chance(0.1) ? 0 : random.chance(0.12) ? random.int(1, 4) : random.int(5, 80);
            const variantName = `${name}-${color.label}-${size}`;
            generated.products.push({
              ...base,
              id: variantId,
              type: 'simple',
              parent_id: parentId,
              sku: `${sku}-${colorCode(color)}-${size}`,
              name: variantName,
              url_key: slugify(`${urlKey}-${color.label}-${size}`),
              visibility: 1,
              min_price: final,
              max_price: final,
              min_regular_price: regular,
              max_regular_price: regular,
              stock_qty: qty,
              in_stock: qty > 0 ? 1 : 0,
            });
            if (qty > 0) inStockFinals.push(final);
            addImages(variantId, `${name} ${color.label}`, color, compact ? 1 : 2);
            addValue(variantId, 'color', color.label);
            addValue(variantId, 'size', size);
            addValue(variantId, 'material', material);
          }
        }
        if (inStockFinals.length === 0) inStockFinals = [final];
        parent.in_stock = allOutOfStock ? 0 : 1;
        parent.min_price = Math.min(...inStockFinals);
        parent.max_price = Math.max(...inStockFinals);
        for (const color of colors) addValue(parentId, 'color', color.label);
        for (const size of sizeList) addValue(parentId, 'size', size);
        generated.configurableAttributes.push(
          { id: configurableAttributeId++, product_id: parentId, attribute_code: 'color', position: 0 },
          { id: configurableAttributeId++, product_id: parentId, attribute_code: 'size', position: 1 },
        );
        addImages(parentId, name, firstColor, compact ? 2 : 3);
      } else {
        const qty = random.chance(0.05) ? 0 : random.chance(0.1) ? random.int(1, 4) : random.int(5, 150);
        parent.stock_qty = qty;
        parent.in_stock = qty > 0 ? 1 : 0;
        addValue(parentId, 'color', firstColor.label);
        addImages(parentId, name, firstColor, compact ? 2 : random.int(2, 3));
      }
      addValue(parentId, 'material', material);
      if (pattern) addValue(parentId, 'pattern', pattern);
      for (const activity of activities) addValue(parentId, 'activity', activity);

      generated.categoryLinks.push(
        { category_id: leaf.id, product_id: parentId, position: nextPosition(leaf.id) },
        { category_id: leaf.topId, product_id: parentId, position: nextPosition(leaf.topId) },
      );
      const sale = special !== null ? saleIds.get(leaf.topUrlKey) : undefined;
      if (sale) {
        generated.categoryLinks.push(
          { category_id: sale.id, product_id: parentId, position: nextPosition(sale.id) },
          { category_id: sale.topId, product_id: parentId, position: nextPosition(sale.topId) },
        );
      }

      generated.urlRewrites.push({
        id: nextRewriteId++,
        request_path: `${urlKey}.html`,
        target_path: `catalog/product/view/id/${parentId}`,
        entity_type: 'PRODUCT',
        entity_id: parentId,
        redirect_type: 0,
        store_id: DEFAULT_STORE_ID,
      });
      if (index % 25 === 0) {
        // A renamed product: its old address answers with a permanent redirect.
        generated.urlRewrites.push({
          id: nextRewriteId++,
          request_path: `${urlKey}-old.html`,
          target_path: `${urlKey}.html`,
          entity_type: 'PRODUCT',
          entity_id: parentId,
          redirect_type: 301,
          store_id: DEFAULT_STORE_ID,
        });
      }
      generated.urlRewrites.push({
        id: FRENCH_PRODUCT_REWRITE_ID_START + index,
        request_path: `${frenchUrlKey}.html`,
        target_path: `catalog/product/view/id/${parentId}`,
        entity_type: 'PRODUCT',
        entity_id: parentId,
        redirect_type: 0,
        store_id: FRENCH_STORE_ID,
      });

      const attributeText = [material, pattern ?? '', ...activities, ...colors.map((c) => c.label), leaf.name].join(
        ' ',
      );
      generated.search.body = `${stripHtml(text.html)} ${attributeText}`;
      const frenchAttributeText = [
        frenchOptionLabel('material', material),
        pattern ? frenchOptionLabel('pattern', pattern) : '',
        ...activities.map((activity) => frenchOptionLabel('activity', activity)),
        ...colors.map((c) => frenchOptionLabel('color', c.label)),
        frenchCategoryName(leaf.name),
      ].join(' ');
      // The French store's own texts (db/searchDocuments.ts makes the same from the tables).
      generated.search.storeBody = `${stripHtml(frenchText.html)} ${frenchAttributeText}`;
      yield generated;
    }
  }

  return {
    attributes: ATTRIBUTES,
    attributeOptions,
    categories,
    categoryUrlRewrites,
    categoryTranslations,
    categoryTranslationRewrites,
    attributeTranslations: buildAttributeTranslations(),
    optionTranslations: buildOptionTranslations(attributeOptions),
    products,
  };
}
