// The labels of facets and sort options that are not catalog data (Magento translates them with
// the store's locale). A locale without its own labels uses the English ones.

export interface BuiltInLabels {
  category: string;
  price: string;
  relevance: string;
  position: string;
  name: string;
}

const ENGLISH: BuiltInLabels = {
  category: 'Category',
  price: 'Price',
  relevance: 'Relevance',
  position: 'Position',
  name: 'Product Name',
};

const BY_LOCALE: Record<string, BuiltInLabels> = {
  en_US: ENGLISH,
  fr_FR: {
    category: 'Catégorie',
    price: 'Prix',
    relevance: 'Pertinence',
    position: 'Position',
    name: 'Nom du produit',
  },
};

export function builtInLabels(locale: string): BuiltInLabels {
  return BY_LOCALE[locale] ?? ENGLISH;
}
