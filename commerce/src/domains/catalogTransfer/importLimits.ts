// What one import may add to the shop's structure. Every attribute an import creates is
// filterable, so it joins the storefront's public filter list and every product page; every new
// category joins the menu. One hostile row once created 1,000 attributes (the filter list grew
// from 7 to 1,007 entries) or a 200-level category path. Real catalogs stay far below these:
// Magento's sample data has about ten filterable attributes and four levels of categories. A
// larger set is imported in several files, or its attributes and categories are created first.

/** Names in a category path, the root category included ("Default Category/Women/Tops" is 3). */
export const MAX_CATEGORY_DEPTH = 10;
/** Categories one row may create (all its paths together). */
export const MAX_NEW_CATEGORIES_PER_ROW = 20;
/** Categories one file may create. */
export const MAX_NEW_CATEGORIES_PER_FILE = 500;
/** Attributes one row may create (additional_attributes and configurable_variations together). */
export const MAX_NEW_ATTRIBUTES_PER_ROW = 10;
/** Attributes one file may create. */
export const MAX_NEW_ATTRIBUTES_PER_FILE = 50;
