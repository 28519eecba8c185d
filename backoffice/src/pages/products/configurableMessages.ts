import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  allProducts: { id: 'bo.configurable.allProducts', defaultMessage: 'All products' },
  title: { id: 'bo.configurable.title', defaultMessage: 'New configurable product' },
  intro: {
    id: 'bo.configurable.intro',
    defaultMessage:
      'A product shoppers buy in one of several versions, such as a colour and a size. Each combination of values becomes a variant with its own SKU, price and stock.',
  },
  loading: { id: 'bo.configurable.loading', defaultMessage: 'Loading the attributes…' },
  general: { id: 'bo.configurable.general', defaultMessage: 'General' },
  sku: { id: 'bo.configurable.sku', defaultMessage: 'SKU' },
  name: { id: 'bo.configurable.name', defaultMessage: 'Name' },
  urlKey: { id: 'bo.configurable.urlKey', defaultMessage: 'URL key' },
  urlKeyHint: { id: 'bo.configurable.urlKeyHint', defaultMessage: 'Leave empty to make it from the name' },
  attributes: { id: 'bo.configurable.attributes', defaultMessage: 'Shoppers choose by' },
  chooseOne: { id: 'bo.configurable.chooseOne', defaultMessage: 'Choose at least one attribute.' },
  values: { id: 'bo.configurable.values', defaultMessage: 'Values of {attribute}' },
  valuesHint: {
    id: 'bo.configurable.valuesHint',
    defaultMessage: 'Separated by commas. The shop has: {known}',
  },
  valuesHintNone: { id: 'bo.configurable.valuesHintNone', defaultMessage: 'Separated by commas, for example S, M, L' },
  start: { id: 'bo.configurable.start', defaultMessage: 'Every variant to start with' },
  price: { id: 'bo.configurable.price', defaultMessage: 'Price' },
  stock: { id: 'bo.configurable.stock', defaultMessage: 'Quantity in stock' },
  notNumber: { id: 'bo.configurable.notNumber', defaultMessage: 'Enter an amount such as 29.50, 0 or more.' },
  notWhole: { id: 'bo.configurable.notWhole', defaultMessage: 'Enter a whole number, 0 or more.' },
  preview: {
    id: 'bo.configurable.preview',
    defaultMessage: '{count, plural, =0 {No variants yet.} one {# variant:} other {# variants:}}',
  },
  tooMany: { id: 'bo.configurable.tooMany', defaultMessage: 'At most {max} variants; remove some values.' },
  create: { id: 'bo.configurable.create', defaultMessage: 'Create product' },
  created: { id: 'bo.configurable.created', defaultMessage: 'The product is created.' },
  afterwards: {
    id: 'bo.configurable.afterwards',
    defaultMessage: 'Categories, texts and images are set on the product page once it is created.',
  },
});

/** The new configurable product form's words (plain descriptors, so each takes the values its text names). */
export const m: Record<keyof typeof messages, MessageDescriptor> = messages;
