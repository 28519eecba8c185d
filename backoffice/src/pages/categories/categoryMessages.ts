import { type MessageDescriptor, defineMessages } from 'react-intl';

// One category's pages: its form, moving it, deleting it.
const messages = defineMessages({
  all: { id: 'backoffice.category.all', defaultMessage: 'All categories' },
  title: { id: 'backoffice.category.title', defaultMessage: 'Category' },
  loading: { id: 'backoffice.category.loading', defaultMessage: 'Loading the category…' },
  missing: { id: 'backoffice.category.missing', defaultMessage: 'There is no such category. Find it in the tree.' },
  newTitle: { id: 'backoffice.category.newTitle', defaultMessage: 'New category' },
  loadingTree: { id: 'backoffice.category.loadingTree', defaultMessage: 'Loading the categories…' },
  created: { id: 'backoffice.category.created', defaultMessage: 'The category is created.' },
  saved: { id: 'backoffice.category.saved', defaultMessage: 'The category is saved.' },
  readOnly: {
    id: 'backoffice.category.readOnly',
    defaultMessage: 'Your role can read categories but not change them.',
  },
  general: { id: 'backoffice.category.general', defaultMessage: 'General' },
  parent: { id: 'backoffice.category.parent', defaultMessage: 'Parent category' },
  name: { id: 'backoffice.category.name', defaultMessage: 'Name' },
  urlKey: { id: 'backoffice.category.urlKey', defaultMessage: 'URL key' },
  urlKeyNewHint: { id: 'backoffice.category.urlKeyNewHint', defaultMessage: 'Leave empty to make it from the name' },
  urlKeyHint: {
    id: 'backoffice.category.urlKeyHint',
    defaultMessage: 'Lower-case letters, digits and hyphens; a new key moves the addresses of everything below it',
  },
  inMenu: { id: 'backoffice.category.inMenu', defaultMessage: 'In the storefront’s navigation' },
  active: { id: 'backoffice.category.active', defaultMessage: 'Active: shoppers can see it and everything below it' },
  content: { id: 'backoffice.category.content', defaultMessage: 'Content' },
  description: { id: 'backoffice.category.description', defaultMessage: 'Description (HTML)' },
  seo: { id: 'backoffice.category.seo', defaultMessage: 'Search engines' },
  metaTitle: { id: 'backoffice.category.metaTitle', defaultMessage: 'Meta title' },
  metaTitleHint: { id: 'backoffice.category.metaTitleHint', defaultMessage: 'Leave empty to use the name' },
  metaDescription: { id: 'backoffice.category.metaDescription', defaultMessage: 'Meta description' },
  create: { id: 'backoffice.category.create', defaultMessage: 'Create category' },
  save: { id: 'backoffice.category.save', defaultMessage: 'Save changes' },
  summary: {
    id: 'backoffice.category.summary',
    defaultMessage:
      '{path} · {products, plural, one {# product} other {# products}} of its own · {children, plural, one {# subcategory} other {# subcategories}}',
  },
  onStorefront: { id: 'backoffice.category.onStorefront', defaultMessage: 'See it on the storefront' },
  move: { id: 'backoffice.category.move', defaultMessage: 'Move' },
  moveUnder: { id: 'backoffice.category.moveUnder', defaultMessage: 'Move under' },
  moveHint: {
    id: 'backoffice.category.moveHint',
    defaultMessage: 'It goes last there, with everything below it; its old addresses redirect to the new ones',
  },
  alreadyThere: {
    id: 'backoffice.category.alreadyThere',
    defaultMessage: '{name} is already there: choose another parent.',
  },
  moved: { id: 'backoffice.category.moved', defaultMessage: '{name} moved under {parent}.' },
  deletable: {
    id: 'backoffice.category.deletable',
    defaultMessage: 'It holds no products and no subcategories, so it can be deleted. Its address stops working.',
  },
  notEmpty: {
    id: 'backoffice.category.notEmpty',
    defaultMessage: 'Only an empty category can be deleted: move its subcategories and take its products out first.',
  },
  delete: { id: 'backoffice.category.delete', defaultMessage: 'Delete category' },
  deleteConfirm: {
    id: 'backoffice.category.deleteConfirm',
    defaultMessage: 'The category and its address go for good. This cannot be undone.',
  },
});

/** Plain descriptors, so each takes the values its text names. */
export const m: Record<keyof typeof messages, MessageDescriptor> = messages;
