// A generated catalog for Vendure in its own import format (the products.csv columns of
// @vendure/create's sample data), shaped like Vela's generated benchmark catalog
// (commerce/src/demo/catalogGenerator.ts with `compact`): about 55 % of the products have
// 2 colours × 3 sizes = 6 variants, the rest one; two images per product; a two-level category
// tree (5 departments × 4 categories) as collections filtered by facet values, and colour,
// size, material and brand facets, so listings and searches return facet counts as Vela's do.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DEPARTMENTS: Record<string, Record<string, string[]>> = {
  Women: {
    "Women's Tops": ['Tee', 'Blouse', 'Tank', 'Shirt'],
    Dresses: ['Dress', 'Sundress', 'Shift Dress'],
    "Women's Jackets": ['Jacket', 'Coat', 'Parka'],
    Skirts: ['Skirt', 'Midi Skirt', 'Mini Skirt'],
  },
  Men: {
    'T-Shirts': ['Tee', 'Polo', 'Henley'],
    Hoodies: ['Hoodie', 'Sweatshirt', 'Zip Hoodie'],
    "Men's Jackets": ['Jacket', 'Bomber', 'Overshirt'],
    Trousers: ['Trousers', 'Chinos', 'Joggers', 'Shorts'],
  },
  Kids: {
    "Kids' Tops": ['Tee', 'Top'],
    "Kids' Hoodies": ['Hoodie', 'Fleece'],
    Bottoms: ['Leggings', 'Shorts', 'Trousers'],
    Sleepwear: ['Pyjamas', 'Nightshirt'],
  },
  Shoes: {
    Sneakers: ['Sneaker', 'Runner', 'Trainer'],
    Boots: ['Boot', 'Chelsea Boot', 'Hiker'],
    Sandals: ['Sandal', 'Slide'],
    Loafers: ['Loafer', 'Moccasin'],
  },
  Home: {
    Cushions: ['Cushion', 'Pillow'],
    Throws: ['Throw', 'Blanket'],
    Lamps: ['Lamp', 'Lantern'],
    Vases: ['Vase', 'Planter', 'Bowl'],
  },
};
/** Categories whose products come in sizes (configurable, 6 variants) about 55 % of the time overall. */
const SIZED = new Set(['Women', 'Men', 'Kids']);
const STYLES = (
  'Aurora Balsam Cascade Dune Ember Fjord Glacier Harbor Indigo Juniper Kestrel Lumen Meadow Nimbus Orchard ' +
  'Pebble Quarry Ridge Sierra Tundra Umber Vale Willow Yarrow Zephyr Alder Birch Cedar Drift Echo Flint ' +
  'Grove Haven Iris Jasper Kite Lark Maple Nova Onyx'
).split(' ');
const MATERIALS = ['Cotton', 'Linen', 'Wool', 'Denim', 'Leather', 'Canvas', 'Cashmere', 'Recycled'];
const COLORS = ['Black', 'White', 'Navy', 'Grey', 'Red', 'Green', 'Blue', 'Sand', 'Olive', 'Rust'];
const SIZES = ['S', 'M', 'L'];
const BRANDS = ['Northwind', 'Solstice', 'Harbour & Co', 'Atelier Nine', 'Fieldwork', 'Lumen Goods'];

/** The same small deterministic generator on every run (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const HEADER = [
  'name',
  'slug',
  'description',
  'assets',
  'facets',
  'optionGroups',
  'optionValues',
  'sku',
  'price',
  'taxCategory',
  'stockOnHand',
  'trackInventory',
  'variantAssets',
  'variantFacets',
];

/**
 * Writes products.csv and initial-data.json for `count` products into `outDir`. The sample
 * data's initial data (roles, tax rates, zones, shipping and payment methods) is kept; its
 * collections are replaced by the generated tree. Images are the sample's own, reused: Vendure's
 * importer creates each asset once and links it to every product that names it.
 */
export function writeGeneratedCatalog(
  sampleAssetsDir: string,
  outDir: string,
  count: number,
): { productsCsv: string; initialData: string } {
  const images = readFileSync(path.join(sampleAssetsDir, 'products.csv'), 'utf8')
    .split('\n')
    .slice(1)
    .flatMap((line) => line.match(/[\w-]+-unsplash\.jpg/g) ?? []);
  const uniqueImages = [...new Set(images)];
  const rand = random(20240407);
  const leaves = Object.entries(DEPARTMENTS).flatMap(([department, categories]) =>
    Object.entries(categories).map(([category, nouns]) => ({ department, category, nouns })),
  );
  const rows: string[] = [HEADER.join(',')];
  for (let index = 0; index < count; index++) {
    const leaf = leaves[index % leaves.length]!;
    const noun = rand.pick(leaf.nouns);
    const material = rand.pick(MATERIALS);
    const style = rand.pick(STYLES);
    const name = rand.next() < 0.35 ? `${style} ${material} ${noun}` : `${style} ${noun}`;
    const slug = `${slugify(name)}-${index + 1}`;
    const description = `The ${name} in ${material.toLowerCase()}: made to last, easy to care for and cut for everyday wear. A ${noun.toLowerCase()} from our ${leaf.category.toLowerCase()} range by ${rand.pick(BRANDS)}.`;
    const assets = [rand.pick(uniqueImages), rand.pick(uniqueImages)].join('|');
    const facets = [
      `department:${leaf.department}`,
      `category:${leaf.category}`,
      `material:${material}`,
      `brand:${rand.pick(BRANDS)}`,
    ];
    const price = (Math.round((10 + rand.next() * 190) * 100) / 100).toFixed(2);
    const sku = `GEN${String(index + 1).padStart(5, '0')}`;
    // Sized departments: mostly configurable (2 colours × 3 sizes); a few of them, and the
    // other departments, simple products with one variant.
    const sized = SIZED.has(leaf.department) && rand.next() < 0.92;
    if (sized) {
      const first = rand.pick(COLORS);
      const colors = [first, COLORS[(COLORS.indexOf(first) + 1 + Math.floor(rand.next() * 8)) % COLORS.length]!];
      let firstRow = true;
      for (const color of colors) {
        for (const size of SIZES) {
          const product = firstRow
            ? [name, slug, description, assets, facets.join('|'), 'color|size']
            : ['', '', '', '', '', ''];
          firstRow = false;
          rows.push(
            [...product, `${color}|${size}`, `${sku}-${color.toUpperCase()}-${size}`, price, 'standard', 100, '', '']
              .map(csvField)
              .concat(csvField(`color:${color}|size:${size}`))
              .join(','),
          );
        }
      }
    } else {
      const color = rand.pick(COLORS);
      rows.push(
        [name, slug, description, assets, [...facets, `color:${color}`].join('|'), '', '', sku, price, 'standard', 100]
          .map(csvField)
          .concat(['', '', ''])
          .join(','),
      );
    }
  }
  const productsCsv = path.join(outDir, 'products.csv');
  writeFileSync(productsCsv, rows.join('\n') + '\n');

  const sample = JSON.parse(readFileSync(path.join(sampleAssetsDir, 'initial-data.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const collections = Object.entries(DEPARTMENTS).flatMap(([department, categories], d) => [
    {
      name: department,
      filters: [{ code: 'facet-value-filter', args: { facetValueNames: [department], containsAny: false } }],
      assetPaths: [uniqueImages[d % uniqueImages.length]],
    },
    ...Object.keys(categories).map((category) => ({
      name: category,
      parentName: department,
      filters: [{ code: 'facet-value-filter', args: { facetValueNames: [category], containsAny: false } }],
    })),
  ]);
  const initialData = path.join(outDir, 'initial-data.json');
  writeFileSync(initialData, JSON.stringify({ ...sample, collections }, null, 2));
  return { productsCsv, initialData };
}
