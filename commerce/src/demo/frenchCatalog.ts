// The French store view's words for the demo catalog: nouns with their gender, materials,
// colours, patterns, activities, category names and the description templates. The generator
// builds every French text from the choices it already made for the English one, so the French
// store never draws from the catalog's random stream (the English catalog stays as it was).
import { CATEGORY_TREE, SALE_CATEGORY } from './catalogDefinitions';
import type { ACTIVITIES, FEATURE_PHRASES, MATERIALS, PATTERNS } from './catalogDefinitions';
import { slugify } from '../kernel/slug';

export const DEFAULT_STORE_ID = 1;
export const FRENCH_STORE_ID = 2;
export const FRENCH_STORE_CODE = 'fr';
/** The French store's addresses start with its code: /fr/soldes.html. */
export const FRENCH_STORE_PATH = `/${FRENCH_STORE_CODE}/`;
/** Units of EUR per USD (the base currency). */
export const EUR_PER_USD = 0.92;

type Material = (typeof MATERIALS)[number];
type Pattern = (typeof PATTERNS)[number];
type Activity = (typeof ACTIVITIES)[number];
type FeaturePhrase = (typeof FEATURE_PHRASES)[number];

export type Gender = 'm' | 'f';

/** What adjectives, articles and verbs agree with. */
export interface Agreement {
  gender: Gender;
  plural: boolean;
}

export interface FrenchNoun extends Agreement {
  /** As it starts a product name: 'Veste en jean'. */
  text: string;
}

export interface FrenchMaterial {
  /** The attribute option label: 'Laine mérinos'. */
  label: string;
  /** In running text, after 'en' or an article: 'laine mérinos'. */
  noun: string;
  gender: Gender;
}

const m = (text: string): FrenchNoun => ({ text, gender: 'm', plural: false });
const f = (text: string): FrenchNoun => ({ text, gender: 'f', plural: false });
const fp = (text: string): FrenchNoun => ({ text, gender: 'f', plural: true });

/** Every noun of catalogDefinitions' product lines, by its English form. */
export const FRENCH_NOUNS: Readonly<Record<string, FrenchNoun>> = {
  // Tees and tanks
  'Crew Tee': m('T-shirt col rond'),
  'V-Neck Tee': m('T-shirt col V'),
  'Pocket Tee': m('T-shirt à poche'),
  'Relaxed Tee': m('T-shirt ample'),
  'Long-Sleeve Tee': m('T-shirt manches longues'),
  'Ribbed Tank': m('Débardeur côtelé'),
  // Hoodies and sweatshirts
  'Pullover Hoodie': m('Sweat à capuche'),
  'Zip Hoodie': m('Sweat zippé à capuche'),
  'Crew Sweatshirt': m('Sweat col rond'),
  'Fleece Hoodie': m('Sweat à capuche polaire'),
  'Half-Zip Sweatshirt': m('Sweat col zippé'),
  // Jackets and coats
  'Rain Jacket': f('Veste imperméable'),
  'Puffer Jacket': f('Doudoune'),
  'Denim Jacket': f('Veste en jean'),
  'Field Jacket': f('Veste utilitaire'),
  'Wool Coat': m('Manteau en laine'),
  'Shell Jacket': f('Veste coupe-vent'),
  'Storm Shell': f('Veste anti-tempête'),
  'Insulated Parka': f('Parka isolante'),
  'Softshell Jacket': f('Veste softshell'),
  'Packable Windbreaker': m('Coupe-vent compressible'),
  // Dresses
  'Wrap Dress': f('Robe portefeuille'),
  'Midi Dress': f('Robe midi'),
  'Shirt Dress': f('Robe chemise'),
  'Slip Dress': f('Robe nuisette'),
  'Maxi Dress': f('Robe longue'),
  'Knit Dress': f('Robe en maille'),
  // Trousers, shorts and skirts
  Chinos: m('Chino'),
  'Wide-Leg Trousers': m('Pantalon large'),
  'Tapered Trousers': m('Pantalon fuselé'),
  'Cargo Trousers': m('Pantalon cargo'),
  'Straight Jeans': m('Jean droit'),
  Joggers: m('Pantalon de jogging'),
  'Chino Shorts': m('Short chino'),
  'Running Shorts': m('Short de running'),
  'Linen Shorts': m('Short en lin'),
  'Swim Shorts': m('Short de bain'),
  'Cargo Shorts': m('Short cargo'),
  'Pleated Skirt': f('Jupe plissée'),
  'A-Line Skirt': f('Jupe trapèze'),
  'Midi Skirt': f('Jupe midi'),
  'Denim Skirt': f('Jupe en jean'),
  'Wrap Skirt': f('Jupe portefeuille'),
  // Kids
  'Kids Crew Tee': m('T-shirt col rond enfant'),
  'Kids Graphic Tee': m('T-shirt imprimé enfant'),
  'Kids Long-Sleeve Tee': m('T-shirt manches longues enfant'),
  'Kids Striped Tee': m('T-shirt rayé enfant'),
  'Kids Hoodie': m('Sweat à capuche enfant'),
  'Kids Zip Hoodie': m('Sweat zippé à capuche enfant'),
  'Kids Sweatshirt': m('Sweat enfant'),
  'Kids Shorts': m('Short enfant'),
  'Kids Play Shorts': m('Short de récré enfant'),
  'Kids Joggers': m('Pantalon de jogging enfant'),
  'Kids Jeans': m('Jean enfant'),
  'Kids Cargo Trousers': m('Pantalon cargo enfant'),
  // Shoes
  'Court Sneaker': f('Basket de tennis'),
  Runner: f('Chaussure de course'),
  'Trail Runner': f('Chaussure de trail'),
  'Canvas Low-Top': f('Basket basse en toile'),
  'Knit Trainer': f('Basket en maille'),
  'Retro Sneaker': f('Basket rétro'),
  'Road Runner': f('Chaussure de course sur route'),
  'Tempo Trainer': f("Chaussure d'entraînement"),
  'Racing Flat': f('Chaussure de compétition'),
  'Chelsea Boot': f('Bottine Chelsea'),
  'Hiking Boot': f('Chaussure de randonnée'),
  'Lace-Up Boot': f('Bottine à lacets'),
  'Desert Boot': f('Bottine chukka'),
  'Winter Boot': f('Botte fourrée'),
  'Mountain Boot': f('Chaussure de montagne'),
  'Approach Shoe': f("Chaussure d'approche"),
  'Trek Boot': f('Chaussure de trek'),
  // Bags and accessories
  'Baseball Cap': f('Casquette de baseball'),
  'Trail Cap': f('Casquette de trail'),
  'Corduroy Cap': f('Casquette en velours côtelé'),
  'Five-Panel Cap': f('Casquette cinq panneaux'),
  'Tote Bag': m('Sac cabas'),
  'Crossbody Bag': m('Sac bandoulière'),
  Weekender: m('Sac week-end'),
  'Market Tote': m('Cabas de marché'),
  'Shoulder Bag': m('Sac porté épaule'),
  Daypack: m('Sac à dos de journée'),
  'Roll-Top Backpack': m('Sac à dos à rabat roulé'),
  'Commuter Backpack': m('Sac à dos urbain'),
  'Trail Pack': m('Sac de trail'),
  'Mini Backpack': m('Mini sac à dos'),
  'Knit Scarf': f('Écharpe en maille'),
  'Wool Scarf': f('Écharpe en laine'),
  'Linen Scarf': f('Écharpe en lin'),
  'Blanket Scarf': f('Écharpe plaid'),
  'Field Watch': f('Montre militaire'),
  'Minimal Watch': f('Montre minimaliste'),
  Chronograph: m('Chronographe'),
  'Dress Watch': f('Montre habillée'),
  'Round Sunglasses': fp('Lunettes de soleil rondes'),
  'Aviator Sunglasses': fp('Lunettes de soleil aviateur'),
  'Square Sunglasses': fp('Lunettes de soleil carrées'),
  'Sport Sunglasses': fp('Lunettes de soleil sport'),
  // Kitchen
  'Stoneware Mug': m('Mug en grès'),
  'Espresso Cup': f('Tasse à espresso'),
  'Latte Mug': m('Mug à latte'),
  'Speckled Mug': m('Mug moucheté'),
  'Camp Mug': m('Mug de camping'),
  'Insulated Bottle': f('Bouteille isotherme'),
  'Water Bottle': f('Gourde'),
  'Travel Flask': m('Thermos de voyage'),
  'Glass Carafe': f('Carafe en verre'),
  'Tea Towel': m('Torchon'),
  'Bath Towel': f('Serviette de bain'),
  'Hand Towel': m('Essuie-mains'),
  'Beach Towel': f('Serviette de plage'),
  'Waffle Towel': f("Serviette nid d'abeille"),
  Apron: m('Tablier'),
  'Oven Glove': m('Gant de cuisine'),
  'Table Napkins': fp('Serviettes de table'),
  // Home
  'Table Lamp': f('Lampe à poser'),
  'Floor Lamp': m('Lampadaire'),
  'Desk Lamp': f('Lampe de bureau'),
  'Pendant Lamp': f('Suspension'),
  'Dining Chair': f('Chaise de salle à manger'),
  'Lounge Chair': m('Fauteuil de détente'),
  Stool: m('Tabouret'),
  Armchair: m('Fauteuil'),
  'Cushion Cover': f('Housse de coussin'),
  'Linen Cushion': m('Coussin en lin'),
  'Bouclé Cushion': m('Coussin bouclette'),
  'Floor Cushion': m('Coussin de sol'),
  'Plant Pot': m('Pot de fleurs'),
  Planter: m('Cache-pot'),
  'Hanging Planter': f('Jardinière suspendue'),
  'Bud Vase': m('Soliflore'),
  'Scented Candle': f('Bougie parfumée'),
  'Pillar Candle': f('Bougie pilier'),
  'Travel Candle': f('Bougie de voyage'),
  'Candle Jar': f('Bougie verrine'),
  'Dot Grid Notebook': m('Carnet à points'),
  'Lined Notebook': m('Carnet ligné'),
  Sketchbook: m('Carnet de croquis'),
  'Pocket Journal': m('Carnet de poche'),
};

export const FRENCH_MATERIALS: Readonly<Record<Material, FrenchMaterial>> = {
  'Organic Cotton': { label: 'Coton bio', noun: 'coton bio', gender: 'm' },
  Cotton: { label: 'Coton', noun: 'coton', gender: 'm' },
  Linen: { label: 'Lin', noun: 'lin', gender: 'm' },
  'Merino Wool': { label: 'Laine mérinos', noun: 'laine mérinos', gender: 'f' },
  Wool: { label: 'Laine', noun: 'laine', gender: 'f' },
  'Recycled Polyester': { label: 'Polyester recyclé', noun: 'polyester recyclé', gender: 'm' },
  Fleece: { label: 'Polaire', noun: 'polaire', gender: 'f' },
  Denim: { label: 'Denim', noun: 'denim', gender: 'm' },
  Nylon: { label: 'Nylon', noun: 'nylon', gender: 'm' },
  Leather: { label: 'Cuir', noun: 'cuir', gender: 'm' },
  Suede: { label: 'Daim', noun: 'daim', gender: 'm' },
  Canvas: { label: 'Toile', noun: 'toile', gender: 'f' },
  Ceramic: { label: 'Céramique', noun: 'céramique', gender: 'f' },
  Stoneware: { label: 'Grès', noun: 'grès', gender: 'm' },
  'Stainless Steel': { label: 'Acier inoxydable', noun: 'acier inoxydable', gender: 'm' },
  Glass: { label: 'Verre', noun: 'verre', gender: 'm' },
  Oak: { label: 'Chêne', noun: 'chêne', gender: 'm' },
  Rattan: { label: 'Rotin', noun: 'rotin', gender: 'm' },
  'Soy Wax': { label: 'Cire de soja', noun: 'cire de soja', gender: 'f' },
  Bamboo: { label: 'Bambou', noun: 'bambou', gender: 'm' },
  'Recycled Paper': { label: 'Papier recyclé', noun: 'papier recyclé', gender: 'm' },
  Terracotta: { label: 'Terre cuite', noun: 'terre cuite', gender: 'f' },
};

/** Colour option labels, by the English label of COLORS. */
export const FRENCH_COLORS: Readonly<Record<string, string>> = {
  Black: 'Noir',
  White: 'Blanc',
  Navy: 'Bleu marine',
  Grey: 'Gris',
  Charcoal: 'Anthracite',
  Red: 'Rouge',
  Burgundy: 'Bordeaux',
  Rust: 'Rouille',
  Mustard: 'Moutarde',
  Sand: 'Sable',
  Cream: 'Crème',
  Brown: 'Marron',
  Olive: 'Vert olive',
  'Forest Green': 'Vert forêt',
  Teal: 'Bleu canard',
  'Sky Blue': 'Bleu ciel',
  Lavender: 'Lavande',
  Blush: 'Rose poudré',
};

export const FRENCH_PATTERNS: Readonly<Record<Pattern, string>> = {
  Solid: 'Uni',
  Striped: 'Rayé',
  Checked: 'À carreaux',
  Printed: 'Imprimé',
  'Colour Block': 'Color block',
};

export const FRENCH_ACTIVITIES: Readonly<Record<Activity, string>> = {
  Everyday: 'Quotidien',
  Running: 'Course à pied',
  Hiking: 'Randonnée',
  Yoga: 'Yoga',
  Travel: 'Voyage',
  Lounge: 'Détente',
  Work: 'Travail',
};

/** Attribute labels by attribute code. */
export const FRENCH_ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  color: 'Couleur',
  size: 'Taille',
  material: 'Matière',
  pattern: 'Motif',
  activity: 'Activité',
};

/** Category names by English name (the same English name reads the same under every parent). */
export const FRENCH_CATEGORY_NAMES: Readonly<Record<string, string>> = {
  Women: 'Femme',
  Tops: 'Hauts',
  Dresses: 'Robes',
  'Hoodies & Sweatshirts': 'Sweats & hoodies',
  'Jackets & Coats': 'Vestes & manteaux',
  'Trousers & Skirts': 'Pantalons & jupes',
  Men: 'Homme',
  'T-Shirts': 'T-shirts',
  'Trousers & Shorts': 'Pantalons & shorts',
  Kids: 'Enfant',
  Hoodies: 'Sweats à capuche',
  Bottoms: 'Bas',
  Shoes: 'Chaussures',
  Sneakers: 'Baskets',
  Boots: 'Bottes & bottines',
  Running: 'Course à pied',
  'Bags & Accessories': 'Sacs & accessoires',
  Bags: 'Sacs',
  Backpacks: 'Sacs à dos',
  'Hats & Scarves': 'Casquettes & écharpes',
  'Watches & Sunglasses': 'Montres & lunettes de soleil',
  Home: 'Maison',
  Lighting: 'Luminaires',
  Furniture: 'Mobilier',
  'Cushions & Textiles': 'Coussins & textiles',
  'Decor & Plants': 'Déco & plantes',
  'Desk & Stationery': 'Bureau & papeterie',
  Kitchen: 'Cuisine',
  'Mugs & Cups': 'Mugs & tasses',
  'Bottles & Flasks': 'Gourdes & thermos',
  'Kitchen Textiles': 'Linge de cuisine',
  Outdoor: 'Plein air',
  'Outdoor Jackets': 'Vestes de plein air',
  'Hiking Boots': 'Chaussures de randonnée',
  'Packs & Bottles': 'Sacs & gourdes',
  Caps: 'Casquettes',
  Sale: 'Soldes',
  'Clothing Sale': 'Vêtements en soldes',
  'Shoes & Accessories Sale': 'Chaussures & accessoires en soldes',
  'Home & Kitchen Sale': 'Maison & cuisine en soldes',
};

/** Descriptions of the top categories (and of the sale's departments), by English url key or name. */
export const FRENCH_CATEGORY_DESCRIPTIONS: Readonly<Record<string, string>> = {
  women: '<p>Des basiques bien faits et des pièces faciles à superposer, pour tous les jours de la semaine.</p>',
  men: '<p>Des coupes nettes, des matières honnêtes et des pièces qui durent.</p>',
  kids: '<p>Des vêtements doux et résistants, faits pour grimper, courir et grandir.</p>',
  shoes: '<p>Baskets et bottes pour les rues de la ville comme pour les sentiers boueux.</p>',
  'bags-accessories': '<p>La touche finale : sacs, casquettes, écharpes et accessoires du quotidien.</p>',
  home: "<p>Des pièces calmes et naturelles qui font d'une maison un vrai chez-soi.</p>",
  kitchen: "<p>Vaisselle du quotidien et linge de cuisine à l'esprit artisanal.</p>",
  outdoor: '<p>Un équipement léger et imperméable pour vos journées au grand air.</p>',
  sale: '<p>Dernière chance de craquer pour nos favoris à prix réduits.</p>',
  'Clothing Sale': '<p>Vêtements à prix réduits.</p>',
  'Shoes & Accessories Sale': '<p>Chaussures et accessoires à prix réduits.</p>',
  'Home & Kitchen Sale': '<p>Articles pour la maison et la cuisine à prix réduits.</p>',
};

function lookup<T>(table: Readonly<Record<string, T>>, key: string, what: string): T {
  const value = table[key];
  if (value === undefined) throw new Error(`no French ${what} for '${key}'`);
  return value;
}

export const frenchNoun = (english: string): FrenchNoun => lookup(FRENCH_NOUNS, english, 'noun');
export const frenchColor = (english: string): string => lookup(FRENCH_COLORS, english, 'colour');
export const frenchCategoryName = (english: string): string => lookup(FRENCH_CATEGORY_NAMES, english, 'category');
export const frenchCategoryDescription = (key: string): string =>
  lookup(FRENCH_CATEGORY_DESCRIPTIONS, key, 'category description');

/** A French option label by attribute code and English label; the label itself where French writes it the same (sizes). */
export function frenchOptionLabel(code: string, label: string): string {
  switch (code) {
    case 'color':
      return frenchColor(label);
    case 'material':
      return lookup(FRENCH_MATERIALS, label, 'material').label;
    case 'pattern':
      return lookup(FRENCH_PATTERNS, label, 'pattern');
    case 'activity':
      return lookup(FRENCH_ACTIVITIES, label, 'activity');
    default:
      return label;
  }
}

/**
 * French url paths of the catalog's categories by their English url path ('sale/clothing' →
 * 'soldes/vetements-en-soldes'): each url key is the slug of the French name, under the parent's path.
 */
export function frenchCategoryUrlPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  const tops = [...CATEGORY_TREE, SALE_CATEGORY];
  for (const top of tops) {
    const topPath = slugify(frenchCategoryName(top.name));
    paths.set(top.urlKey, topPath);
    for (const child of top.children)
      paths.set(`${top.urlKey}/${child.urlKey}`, `${topPath}/${slugify(frenchCategoryName(child.name))}`);
  }
  return paths;
}

/** The French store's address of a category page, from the category's English url path: '/fr/soldes.html'. */
export function frenchCategoryHref(englishUrlPath: string): string {
  const path = frenchCategoryUrlPaths().get(englishUrlPath);
  if (path === undefined) throw new Error(`no category at '${englishUrlPath}'`);
  return `${FRENCH_STORE_PATH}${path}.html`;
}

/** An amount in US dollars as French shoppers read it in euros: 75 → '69 €'. */
export function formatEuros(dollars: number): string {
  const euros = Math.round(dollars * EUR_PER_USD * 100) / 100;
  const text = Number.isInteger(euros) ? String(euros) : euros.toFixed(2).replace('.', ',');
  return `${text} €`;
}

// Grammar: articles with elision, and adjectives or participles that agree with the product.

const VOWEL = /^[aeiouyàâäéèêëîïôöûü]/i;

/** The masculine singular form made to agree: agree('fait', feminine plural) → 'faites'. */
export function agree(word: string, target: Agreement): string {
  let form = word;
  if (target.gender === 'f' && !/e$/.test(form)) form += 'e';
  if (target.plural && !/[sx]$/.test(form)) form += 's';
  return form;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'la veste en jean Kestrel', "l'écharpe plaid Cove", 'les lunettes de soleil rondes Luna'. */
export function withDefiniteArticle(text: string, target: Agreement): string {
  const lower = lowerFirst(text);
  if (target.plural) return `les ${lower}`;
  if (VOWEL.test(lower)) return `l'${lower}`;
  return `${target.gender === 'f' ? 'la' : 'le'} ${lower}`;
}

/** 'de lin', "d'acier inoxydable". */
function ofMaterial(material: FrenchMaterial): string {
  return VOWEL.test(material.noun) ? `d'${material.noun}` : `de ${material.noun}`;
}

/** 'T-shirt col rond Kestrel', 'Sweat à capuche en laine mérinos Alder': noun, then material, then the style's proper name. */
export function frenchProductName(englishNoun: string, material: Material | null, style: string): string {
  const noun = frenchNoun(englishNoun);
  return material === null ? `${noun.text} ${style}` : `${noun.text} en ${FRENCH_MATERIALS[material].noun} ${style}`;
}

const FRENCH_FEATURES: Readonly<Record<FeaturePhrase, (a: Agreement) => string>> = {
  'Cut for an easy, relaxed fit': () => 'Coupe ample et confortable',
  'Finished with reinforced seams for a long life': () => 'Coutures renforcées pour une longue durée de vie',
  'Made in a small family-run workshop': (a) => `${upperFirst(agree('fabriqué', a))} dans un petit atelier familial`,
  'Garment-washed for softness from the first wear': (a) =>
    `${upperFirst(agree('lavé', a))} après confection pour une douceur dès le premier jour`,
  'Designed to layer well through the seasons': (a) =>
    `${upperFirst(agree('pensé', a))} pour se superposer facilement au fil des saisons`,
  'Packed without plastic': (a) => `${upperFirst(agree('emballé', a))} sans plastique`,
  'Easy to care for and quick to dry': (a) =>
    `${upperFirst(agree('facile', a))} d'entretien et ${agree('rapide', a)} à sécher`,
  'Built to be repaired, not replaced': (a) =>
    `${upperFirst(agree('conçu', a))} pour être ${agree('réparé', a)}, pas ${agree('remplacé', a)}`,
  'Dyed with low-impact dyes': (a) => `${upperFirst(agree('teint', a))} avec des teintures à faible impact`,
  'Tested for everyday wear and tear': (a) => `${upperFirst(agree('testé', a))} pour résister à l'usure du quotidien`,
};

export function frenchFeature(english: string, a: Agreement): string {
  return lookup(FRENCH_FEATURES, english, 'feature phrase')(a);
}

export interface FrenchProductTextInput {
  /** The French product name. */
  name: string;
  englishNoun: string;
  material: Material;
  /** The English labels of the product's colours (one: it is shown in it). */
  colors: readonly string[];
  /** Which of the English openers and material sentences the English text used. */
  opener: number;
  middle: number;
  /** The English feature phrases, in the English order. */
  features: readonly string[];
  /** The noun already names a material ('Veste en jean'): the short text does not add another one. */
  materialInNoun: boolean;
}

/** As the English: one colour is named, several are counted (the text is every variant's). */
function frenchColourSentence(colors: readonly string[], a: Agreement): string {
  const [only] = colors;
  return colors.length === 1 && only !== undefined
    ? `${upperFirst(agree('présenté', a))} en ${frenchColor(only).toLowerCase()}.`
    : `${upperFirst(agree('proposé', a))} en ${colors.length} coloris.`;
}

/** The French description and short description, sentence for sentence after the English ones. */
export function frenchProductText(input: FrenchProductTextInput): { html: string; short: string } {
  const noun = frenchNoun(input.englishNoun);
  const material = FRENCH_MATERIALS[input.material];
  const a: Agreement = noun;
  const is = a.plural ? 'sont' : 'est';
  const theName = withDefiniteArticle(input.name, a);
  const openers = [
    `${upperFirst(theName)} ${is} le genre de pièce qu'on choisit sans même y penser.`,
    `Voici ${theName} : ${agree('simple', a)}, ${agree('pratique', a)} et ${agree('fait', a)} pour durer.`,
    `${a.plural ? 'Nos' : 'Notre'} ${lowerFirst(input.name)} ${a.plural ? 'revisitent' : 'revisite'} ${withDefiniteArticle(noun.text, a)} ${agree('classique', a)} et en ${a.plural ? 'soignent' : 'soigne'} chaque détail.`,
    `${upperFirst(theName)} ${a.plural ? 'ont' : 'a'} été ${agree('dessiné', a)} dans notre studio et ${agree('peaufiné', a)} au fil de nombreux prototypes.`,
  ];
  const pronoun = `${a.gender === 'f' ? 'Elle' : 'Il'}${a.plural ? 's' : ''}`;
  const theMaterial = withDefiniteArticle(material.noun, { gender: material.gender, plural: false });
  const middles = [
    `${pronoun} ${is} ${agree('fait', a)} ${ofMaterial(material)}, une matière agréable dès le premier jour et qui se bonifie avec le temps.`,
    `${upperFirst(theMaterial)} ${a.plural ? 'leur' : 'lui'} donne une texture naturelle et une finition nette et régulière.`,
    `Nous avons choisi ${theMaterial} pour sa solidité et son allure sobre et authentique.`,
  ];
  const features = input.features.map((feature) => frenchFeature(feature, a));
  const opener = openers[input.opener];
  const middle = middles[input.middle];
  if (opener === undefined || middle === undefined)
    throw new Error(`no French sentence ${input.opener}/${input.middle}`);
  const html = `<p>${opener} ${middle}</p><ul>${features.map((feature) => `<li>${feature}</li>`).join('')}<li>Matière : ${material.label}</li></ul><p>${frenchColourSentence(input.colors, a)}</p>`;
  const what = input.materialInNoun ? noun.text : `${noun.text} en ${material.noun}`;
  const short = `<p>${what}. ${features[0] ?? ''}.</p>`;
  return { html, short };
}
