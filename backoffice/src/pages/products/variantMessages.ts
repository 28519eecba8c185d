import { defineMessages } from 'react-intl';

// The variants section's words.
export const m = defineMessages({
  variants: { id: 'bo.variants.title', defaultMessage: 'Variants' },
  sku: { id: 'bo.variants.sku', defaultMessage: 'SKU' },
  options: { id: 'bo.variants.options', defaultMessage: 'Options' },
  status: { id: 'bo.variants.status', defaultMessage: 'Status' },
  stock: { id: 'bo.variants.stock', defaultMessage: 'Stock' },
  price: { id: 'bo.variants.price', defaultMessage: 'Price' },
  actions: { id: 'bo.variants.actions', defaultMessage: 'Actions' },
  on: { id: 'bo.variants.on', defaultMessage: 'Enabled' },
  off: { id: 'bo.variants.off', defaultMessage: 'Disabled' },
  editHint: {
    id: 'bo.variants.editHint',
    defaultMessage: "A variant's price and stock are edited on its own page: follow its SKU.",
  },
  remove: { id: 'bo.variants.remove', defaultMessage: 'Take out {sku}' },
  removeShort: { id: 'bo.variants.removeShort', defaultMessage: 'Take out' },
  confirmRemove: {
    id: 'bo.variants.confirmRemove',
    defaultMessage: 'Take {sku} out of this product? It stays in the catalog, switched off.',
  },
  removed: { id: 'bo.variants.removed', defaultMessage: '{sku} is taken out.' },
  add: { id: 'bo.variants.add', defaultMessage: 'Add a variant' },
  addHint: {
    id: 'bo.variants.addHint',
    defaultMessage: 'Pick a value the shop has or type a new one; a new value is created.',
  },
  skuHint: { id: 'bo.variants.skuHint', defaultMessage: 'Leave empty for {sku}' },
  addButton: { id: 'bo.variants.addButton', defaultMessage: 'Add variant' },
  added: { id: 'bo.variants.added', defaultMessage: '{sku} is added.' },
  priceLabel: { id: 'bo.variants.priceLabel', defaultMessage: 'Price ({currency})' },
  stockLabel: { id: 'bo.variants.stockLabel', defaultMessage: 'Quantity in stock' },
  notNumber: { id: 'bo.variants.notNumber', defaultMessage: 'Enter an amount such as 29.50, 0 or more.' },
  notWhole: { id: 'bo.variants.notWhole', defaultMessage: 'Enter a whole number, 0 or more.' },
});
