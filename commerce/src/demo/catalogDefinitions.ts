import type { DemoImageKind } from './productImage';

export interface ColorDefinition {
  label: string;
  hex: string;
}

export const COLORS: readonly ColorDefinition[] = [
  { label: 'Black', hex: '#1f1f1f' },
  { label: 'White', hex: '#f4f4f2' },
  { label: 'Navy', hex: '#1f2a44' },
  { label: 'Grey', hex: '#8a8d91' },
  { label: 'Charcoal', hex: '#3a3a3c' },
  { label: 'Red', hex: '#b3261e' },
  { label: 'Burgundy', hex: '#6d1f2f' },
  { label: 'Rust', hex: '#b5542d' },
  { label: 'Mustard', hex: '#d4a72c' },
  { label: 'Sand', hex: '#d8c8a8' },
  { label: 'Cream', hex: '#efe6d2' },
  { label: 'Brown', hex: '#6b4a2f' },
  { label: 'Olive', hex: '#6b6b3a' },
  { label: 'Forest Green', hex: '#2f5d3a' },
  { label: 'Teal', hex: '#2a7f7a' },
  { label: 'Sky Blue', hex: '#7fa7d6' },
  { label: 'Lavender', hex: '#b9a7d6' },
  { label: 'Blush', hex: '#e8b4b8' },
];

export const SIZE_SETS = {
  apparel: ['XS', 'S', 'M', 'L', 'XL'],
  kids: ['4Y', '6Y', '8Y', '10Y', '12Y'],
  shoes: ['38', '39', '40', '41', '42', '43', '44'],
} as const;
export type SizeSet = keyof typeof SIZE_SETS;

/** Every size label in display order: the option order of the size attribute. */
export const ALL_SIZES: readonly string[] = [...SIZE_SETS.apparel, ...SIZE_SETS.kids, ...SIZE_SETS.shoes];

export const MATERIALS = [
  'Organic Cotton',
  'Cotton',
  'Linen',
  'Merino Wool',
  'Wool',
  'Recycled Polyester',
  'Fleece',
  'Denim',
  'Nylon',
  'Leather',
  'Suede',
  'Canvas',
  'Ceramic',
  'Stoneware',
  'Stainless Steel',
  'Glass',
  'Oak',
  'Rattan',
  'Soy Wax',
  'Bamboo',
  'Recycled Paper',
  'Terracotta',
] as const;

export const PATTERNS = ['Solid', 'Striped', 'Checked', 'Printed', 'Colour Block'] as const;
export const ACTIVITIES = ['Everyday', 'Running', 'Hiking', 'Yoga', 'Travel', 'Lounge', 'Work'] as const;

export interface ProductLine {
  /** The line's picture, and the first letters of its SKUs. */
  kind: DemoImageKind;
  nouns: readonly string[];
  /** Nouns drawn differently from the rest of the line ('Ribbed Tank' in a line of tees). Images only: SKUs keep `kind`. */
  imageKinds?: Partial<Record<string, DemoImageKind>>;
  /** Regular price range in whole currency units. */
  price: readonly [number, number];
  materials: readonly (typeof MATERIALS)[number][];
  sizes?: SizeSet;
  patterns?: readonly (typeof PATTERNS)[number][];
  activities?: readonly (typeof ACTIVITIES)[number][];
}

/** The picture for one product of a line. */
export function imageKindFor(line: ProductLine, noun: string): DemoImageKind {
  return line.imageKinds?.[noun] ?? line.kind;
}

export interface LeafCategoryDefinition {
  name: string;
  urlKey: string;
  lines: readonly ProductLine[];
}

export interface TopCategoryDefinition {
  name: string;
  urlKey: string;
  description: string;
  children: readonly LeafCategoryDefinition[];
}

const TEE: ProductLine = {
  kind: 'tee',
  nouns: ['Crew Tee', 'V-Neck Tee', 'Pocket Tee', 'Relaxed Tee', 'Long-Sleeve Tee', 'Ribbed Tank'],
  imageKinds: { 'Long-Sleeve Tee': 'long-sleeve-tee', 'Ribbed Tank': 'tank' },
  price: [19, 45],
  materials: ['Organic Cotton', 'Cotton', 'Linen', 'Merino Wool'],
  sizes: 'apparel',
  patterns: ['Solid', 'Striped', 'Printed'],
  activities: ['Everyday', 'Lounge', 'Yoga'],
};
const HOODIE: ProductLine = {
  kind: 'hoodie',
  nouns: ['Pullover Hoodie', 'Zip Hoodie', 'Crew Sweatshirt', 'Fleece Hoodie', 'Half-Zip Sweatshirt'],
  imageKinds: { 'Crew Sweatshirt': 'sweatshirt', 'Half-Zip Sweatshirt': 'half-zip' },
  price: [49, 95],
  materials: ['Organic Cotton', 'Fleece', 'Recycled Polyester', 'Merino Wool'],
  sizes: 'apparel',
  patterns: ['Solid', 'Colour Block', 'Printed'],
  activities: ['Everyday', 'Lounge', 'Running'],
};
const JACKET: ProductLine = {
  kind: 'jacket',
  nouns: ['Rain Jacket', 'Puffer Jacket', 'Denim Jacket', 'Field Jacket', 'Wool Coat', 'Shell Jacket'],
  imageKinds: {
    'Rain Jacket': 'rain-jacket',
    'Puffer Jacket': 'puffer-jacket',
    'Denim Jacket': 'denim-jacket',
    'Field Jacket': 'field-jacket',
    'Wool Coat': 'coat',
    'Shell Jacket': 'shell-jacket',
  },
  price: [89, 249],
  materials: ['Nylon', 'Recycled Polyester', 'Denim', 'Wool', 'Canvas'],
  sizes: 'apparel',
  patterns: ['Solid', 'Checked', 'Colour Block'],
  activities: ['Everyday', 'Hiking', 'Travel', 'Work'],
};
const DRESS: ProductLine = {
  kind: 'dress',
  nouns: ['Wrap Dress', 'Midi Dress', 'Shirt Dress', 'Slip Dress', 'Maxi Dress', 'Knit Dress'],
  price: [59, 149],
  materials: ['Linen', 'Cotton', 'Organic Cotton', 'Merino Wool'],
  sizes: 'apparel',
  patterns: ['Solid', 'Striped', 'Printed', 'Checked'],
  activities: ['Everyday', 'Work', 'Travel'],
};
const TROUSERS: ProductLine = {
  kind: 'trousers',
  nouns: ['Chinos', 'Wide-Leg Trousers', 'Tapered Trousers', 'Cargo Trousers', 'Straight Jeans', 'Joggers'],
  price: [49, 129],
  materials: ['Cotton', 'Denim', 'Linen', 'Wool', 'Recycled Polyester'],
  sizes: 'apparel',
  patterns: ['Solid', 'Checked'],
  activities: ['Everyday', 'Work', 'Travel', 'Lounge'],
};
const SHORTS: ProductLine = {
  kind: 'shorts',
  nouns: ['Chino Shorts', 'Running Shorts', 'Linen Shorts', 'Swim Shorts', 'Cargo Shorts'],
  price: [29, 69],
  materials: ['Cotton', 'Linen', 'Recycled Polyester', 'Nylon'],
  sizes: 'apparel',
  patterns: ['Solid', 'Striped', 'Printed'],
  activities: ['Everyday', 'Running', 'Travel'],
};
const SKIRT: ProductLine = {
  kind: 'skirt',
  nouns: ['Pleated Skirt', 'A-Line Skirt', 'Midi Skirt', 'Denim Skirt', 'Wrap Skirt'],
  price: [39, 99],
  materials: ['Linen', 'Cotton', 'Denim', 'Wool'],
  sizes: 'apparel',
  patterns: ['Solid', 'Checked', 'Printed'],
  activities: ['Everyday', 'Work'],
};
const KIDS_TEE: ProductLine = {
  ...TEE,
  nouns: ['Kids Crew Tee', 'Kids Graphic Tee', 'Kids Long-Sleeve Tee', 'Kids Striped Tee'],
  imageKinds: { 'Kids Long-Sleeve Tee': 'long-sleeve-tee' },
  price: [14, 29],
  sizes: 'kids',
};
const KIDS_HOODIE: ProductLine = {
  ...HOODIE,
  nouns: ['Kids Hoodie', 'Kids Zip Hoodie', 'Kids Sweatshirt'],
  imageKinds: { 'Kids Sweatshirt': 'sweatshirt' },
  price: [29, 55],
  sizes: 'kids',
};
const KIDS_BOTTOMS: ProductLine = {
  kind: 'shorts',
  nouns: ['Kids Shorts', 'Kids Play Shorts'],
  price: [16, 32],
  materials: ['Cotton', 'Organic Cotton'],
  sizes: 'kids',
  patterns: ['Solid', 'Printed'],
  activities: ['Everyday'],
};
const KIDS_TROUSERS: ProductLine = {
  ...TROUSERS,
  nouns: ['Kids Joggers', 'Kids Jeans', 'Kids Cargo Trousers'],
  price: [24, 45],
  sizes: 'kids',
};
const SNEAKER: ProductLine = {
  kind: 'sneaker',
  nouns: ['Court Sneaker', 'Runner', 'Trail Runner', 'Canvas Low-Top', 'Knit Trainer', 'Retro Sneaker'],
  price: [69, 159],
  materials: ['Leather', 'Suede', 'Canvas', 'Recycled Polyester'],
  sizes: 'shoes',
  patterns: ['Solid', 'Colour Block'],
  activities: ['Everyday', 'Running', 'Travel'],
};
const BOOT: ProductLine = {
  kind: 'boot',
  nouns: ['Chelsea Boot', 'Hiking Boot', 'Lace-Up Boot', 'Desert Boot', 'Winter Boot'],
  price: [99, 229],
  materials: ['Leather', 'Suede', 'Nylon'],
  sizes: 'shoes',
  patterns: ['Solid'],
  activities: ['Everyday', 'Hiking', 'Work'],
};
const CAP: ProductLine = {
  kind: 'cap',
  nouns: ['Baseball Cap', 'Trail Cap', 'Corduroy Cap', 'Five-Panel Cap'],
  price: [19, 39],
  materials: ['Cotton', 'Canvas', 'Recycled Polyester', 'Wool'],
  patterns: ['Solid', 'Colour Block'],
  activities: ['Everyday', 'Running', 'Hiking'],
};
const BAG: ProductLine = {
  kind: 'bag',
  nouns: ['Tote Bag', 'Crossbody Bag', 'Weekender', 'Market Tote', 'Shoulder Bag'],
  price: [39, 189],
  materials: ['Canvas', 'Leather', 'Recycled Polyester', 'Suede'],
  patterns: ['Solid', 'Striped'],
  activities: ['Everyday', 'Travel', 'Work'],
};
const BACKPACK: ProductLine = {
  kind: 'backpack',
  nouns: ['Daypack', 'Roll-Top Backpack', 'Commuter Backpack', 'Trail Pack', 'Mini Backpack'],
  price: [59, 179],
  materials: ['Nylon', 'Canvas', 'Recycled Polyester'],
  patterns: ['Solid', 'Colour Block'],
  activities: ['Everyday', 'Hiking', 'Travel', 'Work'],
};
const SCARF: ProductLine = {
  kind: 'scarf',
  nouns: ['Knit Scarf', 'Wool Scarf', 'Linen Scarf', 'Blanket Scarf'],
  price: [29, 79],
  materials: ['Merino Wool', 'Wool', 'Linen', 'Cotton'],
  patterns: ['Solid', 'Checked', 'Striped'],
  activities: ['Everyday', 'Travel'],
};
const WATCH: ProductLine = {
  kind: 'watch',
  nouns: ['Field Watch', 'Minimal Watch', 'Chronograph', 'Dress Watch'],
  price: [99, 299],
  materials: ['Stainless Steel', 'Leather'],
  patterns: ['Solid'],
  activities: ['Everyday', 'Work'],
};
const SUNGLASSES: ProductLine = {
  kind: 'sunglasses',
  nouns: ['Round Sunglasses', 'Aviator Sunglasses', 'Square Sunglasses', 'Sport Sunglasses'],
  price: [49, 149],
  materials: ['Stainless Steel', 'Bamboo', 'Recycled Polyester'],
  patterns: ['Solid'],
  activities: ['Everyday', 'Running', 'Travel'],
};
const MUG: ProductLine = {
  kind: 'mug',
  nouns: ['Stoneware Mug', 'Espresso Cup', 'Latte Mug', 'Speckled Mug', 'Camp Mug'],
  price: [12, 34],
  materials: ['Stoneware', 'Ceramic', 'Stainless Steel'],
  patterns: ['Solid', 'Printed'],
};
const BOTTLE: ProductLine = {
  kind: 'bottle',
  nouns: ['Insulated Bottle', 'Water Bottle', 'Travel Flask', 'Glass Carafe'],
  price: [18, 45],
  materials: ['Stainless Steel', 'Glass'],
  patterns: ['Solid'],
  activities: ['Everyday', 'Hiking', 'Running', 'Yoga'],
};
const TOWEL: ProductLine = {
  kind: 'towel',
  nouns: ['Tea Towel', 'Bath Towel', 'Hand Towel', 'Beach Towel', 'Waffle Towel'],
  price: [12, 49],
  materials: ['Cotton', 'Linen', 'Organic Cotton', 'Bamboo'],
  patterns: ['Solid', 'Striped', 'Checked'],
};
const LAMP: ProductLine = {
  kind: 'lamp',
  nouns: ['Table Lamp', 'Floor Lamp', 'Desk Lamp', 'Pendant Lamp'],
  price: [59, 249],
  materials: ['Oak', 'Ceramic', 'Glass', 'Rattan', 'Stainless Steel'],
  patterns: ['Solid'],
};
const CHAIR: ProductLine = {
  kind: 'chair',
  nouns: ['Dining Chair', 'Lounge Chair', 'Stool', 'Armchair'],
  imageKinds: { Stool: 'stool' },
  price: [129, 499],
  materials: ['Oak', 'Rattan', 'Leather', 'Linen'],
  patterns: ['Solid'],
};
const CUSHION: ProductLine = {
  kind: 'cushion',
  nouns: ['Cushion Cover', 'Linen Cushion', 'Bouclé Cushion', 'Floor Cushion'],
  price: [24, 69],
  materials: ['Linen', 'Cotton', 'Wool', 'Organic Cotton'],
  patterns: ['Solid', 'Striped', 'Checked', 'Printed'],
};
const PLANT_POT: ProductLine = {
  kind: 'plant-pot',
  nouns: ['Plant Pot', 'Planter', 'Hanging Planter', 'Bud Vase'],
  price: [15, 79],
  materials: ['Terracotta', 'Ceramic', 'Stoneware', 'Glass'],
  patterns: ['Solid', 'Striped'],
};
const CANDLE: ProductLine = {
  kind: 'candle',
  nouns: ['Scented Candle', 'Pillar Candle', 'Travel Candle', 'Candle Jar'],
  price: [14, 48],
  materials: ['Soy Wax', 'Glass', 'Ceramic'],
  patterns: ['Solid'],
};
const NOTEBOOK: ProductLine = {
  kind: 'notebook',
  nouns: ['Dot Grid Notebook', 'Lined Notebook', 'Sketchbook', 'Pocket Journal'],
  price: [9, 29],
  materials: ['Recycled Paper', 'Leather', 'Canvas'],
  patterns: ['Solid', 'Printed'],
  activities: ['Work', 'Travel'],
};

export const CATEGORY_TREE: readonly TopCategoryDefinition[] = [
  {
    name: 'Women',
    urlKey: 'women',
    description: '<p>Easy layers and well-made staples for every day of the week.</p>',
    children: [
      { name: 'Tops', urlKey: 'tops', lines: [TEE] },
      { name: 'Dresses', urlKey: 'dresses', lines: [DRESS] },
      { name: 'Hoodies & Sweatshirts', urlKey: 'hoodies-sweatshirts', lines: [HOODIE] },
      { name: 'Jackets & Coats', urlKey: 'jackets-coats', lines: [JACKET] },
      { name: 'Trousers & Skirts', urlKey: 'trousers-skirts', lines: [TROUSERS, SKIRT] },
    ],
  },
  {
    name: 'Men',
    urlKey: 'men',
    description: '<p>Clean cuts, honest fabrics and pieces that last.</p>',
    children: [
      { name: 'T-Shirts', urlKey: 't-shirts', lines: [TEE] },
      { name: 'Hoodies & Sweatshirts', urlKey: 'hoodies-sweatshirts', lines: [HOODIE] },
      { name: 'Jackets & Coats', urlKey: 'jackets-coats', lines: [JACKET] },
      { name: 'Trousers & Shorts', urlKey: 'trousers-shorts', lines: [TROUSERS, SHORTS] },
    ],
  },
  {
    name: 'Kids',
    urlKey: 'kids',
    description: '<p>Soft, tough clothes made for climbing, running and growing.</p>',
    children: [
      { name: 'Tops', urlKey: 'tops', lines: [KIDS_TEE] },
      { name: 'Hoodies', urlKey: 'hoodies', lines: [KIDS_HOODIE] },
      { name: 'Bottoms', urlKey: 'bottoms', lines: [KIDS_BOTTOMS, KIDS_TROUSERS] },
    ],
  },
  {
    name: 'Shoes',
    urlKey: 'shoes',
    description: '<p>Sneakers and boots for city streets and muddy trails.</p>',
    children: [
      { name: 'Sneakers', urlKey: 'sneakers', lines: [SNEAKER] },
      { name: 'Boots', urlKey: 'boots', lines: [BOOT] },
      {
        name: 'Running',
        urlKey: 'running',
        lines: [
          {
            ...SNEAKER,
            nouns: ['Road Runner', 'Tempo Trainer', 'Trail Runner', 'Racing Flat'],
            activities: ['Running'],
          },
        ],
      },
    ],
  },
  {
    name: 'Bags & Accessories',
    urlKey: 'bags-accessories',
    description: '<p>The finishing touches: bags, caps, scarves and everyday carry.</p>',
    children: [
      { name: 'Bags', urlKey: 'bags', lines: [BAG] },
      { name: 'Backpacks', urlKey: 'backpacks', lines: [BACKPACK] },
      { name: 'Hats & Scarves', urlKey: 'hats-scarves', lines: [CAP, SCARF] },
      { name: 'Watches & Sunglasses', urlKey: 'watches-sunglasses', lines: [WATCH, SUNGLASSES] },
    ],
  },
  {
    name: 'Home',
    urlKey: 'home',
    description: '<p>Calm, natural pieces that make a house feel like home.</p>',
    children: [
      { name: 'Lighting', urlKey: 'lighting', lines: [LAMP] },
      { name: 'Furniture', urlKey: 'furniture', lines: [CHAIR] },
      { name: 'Cushions & Textiles', urlKey: 'cushions-textiles', lines: [CUSHION, TOWEL] },
      { name: 'Decor & Plants', urlKey: 'decor-plants', lines: [PLANT_POT, CANDLE] },
      { name: 'Desk & Stationery', urlKey: 'desk-stationery', lines: [NOTEBOOK] },
    ],
  },
  {
    name: 'Kitchen',
    urlKey: 'kitchen',
    description: '<p>Everyday tableware and kitchen textiles with a handmade feel.</p>',
    children: [
      { name: 'Mugs & Cups', urlKey: 'mugs-cups', lines: [MUG] },
      { name: 'Bottles & Flasks', urlKey: 'bottles-flasks', lines: [BOTTLE] },
      {
        name: 'Kitchen Textiles',
        urlKey: 'kitchen-textiles',
        lines: [{ ...TOWEL, nouns: ['Tea Towel', 'Apron', 'Oven Glove', 'Table Napkins'] }],
      },
    ],
  },
  {
    name: 'Outdoor',
    urlKey: 'outdoor',
    description: '<p>Light, weatherproof gear for days outside.</p>',
    children: [
      {
        name: 'Outdoor Jackets',
        urlKey: 'outdoor-jackets',
        lines: [
          {
            ...JACKET,
            nouns: ['Storm Shell', 'Insulated Parka', 'Softshell Jacket', 'Packable Windbreaker'],
            imageKinds: {
              'Storm Shell': 'shell-jacket',
              'Insulated Parka': 'puffer-jacket',
              'Softshell Jacket': 'shell-jacket',
              'Packable Windbreaker': 'rain-jacket',
            },
            activities: ['Hiking', 'Travel'],
          },
        ],
      },
      {
        name: 'Hiking Boots',
        urlKey: 'hiking-boots',
        lines: [
          { ...BOOT, nouns: ['Hiking Boot', 'Mountain Boot', 'Approach Shoe', 'Trek Boot'], activities: ['Hiking'] },
        ],
      },
      { name: 'Packs & Bottles', urlKey: 'packs-bottles', lines: [BACKPACK, BOTTLE] },
      { name: 'Caps', urlKey: 'caps', lines: [CAP] },
    ],
  },
];

/** Sale is filled from discounted products of other categories, grouped by department. */
export const SALE_CATEGORY = {
  name: 'Sale',
  urlKey: 'sale',
  description: '<p>Last chance to pick up favourites at reduced prices.</p>',
  children: [
    { name: 'Clothing Sale', urlKey: 'clothing', from: ['women', 'men', 'kids'] },
    { name: 'Shoes & Accessories Sale', urlKey: 'shoes-accessories', from: ['shoes', 'bags-accessories', 'outdoor'] },
    { name: 'Home & Kitchen Sale', urlKey: 'home-kitchen', from: ['home', 'kitchen'] },
  ],
} as const;

export const STYLE_NAMES = [
  'Harbor',
  'Alder',
  'Juniper',
  'Nova',
  'Solstice',
  'Cove',
  'Meadow',
  'Summit',
  'Ember',
  'Drift',
  'Atlas',
  'Willow',
  'Fjord',
  'Marlow',
  'Sierra',
  'Linden',
  'Orla',
  'Bay',
  'Cedar',
  'Maple',
  'Ridge',
  'Tide',
  'Vale',
  'Haven',
  'Luna',
  'Sol',
  'Pine',
  'Aspen',
  'Birch',
  'Coast',
  'Dune',
  'Elm',
  'Flint',
  'Grove',
  'Heath',
  'Isla',
  'Kestrel',
  'Lark',
  'Moss',
  'North',
  'Oak',
  'Pebble',
  'Quill',
  'Rowan',
  'Sage',
  'Thistle',
  'Umber',
  'Wren',
  'Yarrow',
  'Zephyr',
] as const;

export const FEATURE_PHRASES = [
  'Cut for an easy, relaxed fit',
  'Finished with reinforced seams for a long life',
  'Made in a small family-run workshop',
  'Garment-washed for softness from the first wear',
  'Designed to layer well through the seasons',
  'Packed without plastic',
  'Easy to care for and quick to dry',
  'Built to be repaired, not replaced',
  'Dyed with low-impact dyes',
  'Tested for everyday wear and tear',
] as const;
