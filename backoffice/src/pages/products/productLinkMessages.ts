import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  title: { id: 'bo.productLinks.title', defaultMessage: 'Related products' },
  hint: {
    id: 'bo.productLinks.hint',
    defaultMessage:
      'Shoppers see related and up-sell products on this product’s page, and cross-sells in the cart when this product is in it. The first is shown first.',
  },
  related: { id: 'bo.productLinks.related', defaultMessage: 'Related' },
  upsell: { id: 'bo.productLinks.upsell', defaultMessage: 'Up-sells' },
  crosssell: { id: 'bo.productLinks.crosssell', defaultMessage: 'Cross-sells' },
  none: { id: 'bo.productLinks.none', defaultMessage: 'None.' },
  disabled: { id: 'bo.productLinks.disabled', defaultMessage: '(disabled: not shown)' },
  moveUp: { id: 'bo.productLinks.moveUp', defaultMessage: 'Move {name} up' },
  moveDown: { id: 'bo.productLinks.moveDown', defaultMessage: 'Move {name} down' },
  remove: { id: 'bo.productLinks.remove', defaultMessage: 'Remove {name}' },
  search: { id: 'bo.productLinks.search', defaultMessage: 'Find a product to add (sku or name)' },
  searching: { id: 'bo.productLinks.searching', defaultMessage: 'Searching…' },
  add: { id: 'bo.productLinks.add', defaultMessage: 'Add {name}' },
  noMatch: { id: 'bo.productLinks.noMatch', defaultMessage: 'No product matches.' },
  saved: { id: 'bo.productLinks.saved', defaultMessage: 'The links are saved.' },
  loading: { id: 'bo.productLinks.loading', defaultMessage: 'Loading the links…' },
});

/** The section's words (plain descriptors, so each takes the values its text names). */
export const m: Record<keyof typeof messages, MessageDescriptor> = messages;
