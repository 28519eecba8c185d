import { defineMessages } from 'react-intl';

// The attribute screens' words, shared by the list, the form and the options editor.

export const attributeMessages = defineMessages({
  title: { id: 'backoffice.attributes.title', defaultMessage: 'Attributes' },
  loading: { id: 'backoffice.attributes.loading', defaultMessage: 'Loading the attributes…' },
  readOnly: {
    id: 'backoffice.attributes.readOnly',
    defaultMessage: "Only the shop's owner can add, change or delete attributes.",
  },
  code: { id: 'backoffice.attributes.code', defaultMessage: 'Attribute code' },
  codeHint: {
    id: 'backoffice.attributes.codeHint',
    defaultMessage:
      'Lower-case letters, digits and underscores, starting with a letter; at most 60. It cannot change later.',
  },
  codeInvalid: {
    id: 'backoffice.attributes.codeInvalid',
    defaultMessage: 'Use lower-case letters, digits and underscores, starting with a letter (at most 60).',
  },
  label: { id: 'backoffice.attributes.label', defaultMessage: 'Default label' },
  storeLabel: { id: 'backoffice.attributes.storeLabel', defaultMessage: 'Label in {store}' },
  storeLabelHint: {
    id: 'backoffice.attributes.storeLabelHint',
    defaultMessage: 'Leave empty to show the default label.',
  },
  input: { id: 'backoffice.attributes.input', defaultMessage: 'Input type' },
  position: { id: 'backoffice.attributes.position', defaultMessage: 'Position' },
  filterable: { id: 'backoffice.attributes.filterable', defaultMessage: 'Filter listings by it (layered navigation)' },
  searchable: { id: 'backoffice.attributes.searchable', defaultMessage: 'Searches find products by its values' },
  visibleOnFront: { id: 'backoffice.attributes.visibleOnFront', defaultMessage: 'Show it on the product page' },
  filterableColumn: { id: 'backoffice.attributes.filterableColumn', defaultMessage: 'Filter' },
  visibleColumn: { id: 'backoffice.attributes.visibleColumn', defaultMessage: 'Product page' },
  productsColumn: { id: 'backoffice.attributes.productsColumn', defaultMessage: 'Products' },
  yes: { id: 'backoffice.attributes.yes', defaultMessage: 'Yes' },
  no: { id: 'backoffice.attributes.no', defaultMessage: 'No' },
  open: { id: 'backoffice.attributes.open', defaultMessage: 'Open {name}' },
  addTitle: { id: 'backoffice.attributes.addTitle', defaultMessage: 'Add an attribute' },
  add: { id: 'backoffice.attributes.add', defaultMessage: 'Add the attribute' },
  added: { id: 'backoffice.attributes.added', defaultMessage: '{name} is added.' },
  save: { id: 'backoffice.attributes.save', defaultMessage: 'Save the attribute' },
  saved: { id: 'backoffice.attributes.saved', defaultMessage: '{name} is saved.' },
  all: { id: 'backoffice.attributes.all', defaultMessage: 'All attributes' },
  settingsTitle: { id: 'backoffice.attributes.settingsTitle', defaultMessage: 'Properties' },
  inputText: { id: 'backoffice.attributes.input.text', defaultMessage: 'Text field' },
  inputTextarea: { id: 'backoffice.attributes.input.textarea', defaultMessage: 'Text area' },
  inputSelect: { id: 'backoffice.attributes.input.select', defaultMessage: 'Drop-down' },
  inputMultiselect: { id: 'backoffice.attributes.input.multiselect', defaultMessage: 'Multiple select' },
  inputSwatch: { id: 'backoffice.attributes.input.swatch_color', defaultMessage: 'Colour swatch' },
  inputBoolean: { id: 'backoffice.attributes.input.boolean', defaultMessage: 'Yes/No' },
  inputPrice: { id: 'backoffice.attributes.input.price', defaultMessage: 'Price' },
  inputDate: { id: 'backoffice.attributes.input.date', defaultMessage: 'Date' },
  inputOther: { id: 'backoffice.attributes.input.other', defaultMessage: 'Other' },
  optionsTitle: { id: 'backoffice.attributes.optionsTitle', defaultMessage: 'Options' },
  noOptions: { id: 'backoffice.attributes.noOptions', defaultMessage: 'No options yet.' },
  optionsNone: {
    id: 'backoffice.attributes.optionsNone',
    defaultMessage: 'This input type has no options: each product has its own value.',
  },
  optionLabel: { id: 'backoffice.attributes.optionLabel', defaultMessage: 'Option {n}' },
  optionStoreLabel: { id: 'backoffice.attributes.optionStoreLabel', defaultMessage: 'Option {n} in {store}' },
  optionSwatch: { id: 'backoffice.attributes.optionSwatch', defaultMessage: 'Colour of option {n}' },
  optionUsed: {
    id: 'backoffice.attributes.optionUsed',
    defaultMessage: '{count, plural, =0 {No product uses it.} one {# product uses it.} other {# products use it.}}',
  },
  moveUp: { id: 'backoffice.attributes.moveUp', defaultMessage: 'Move option {n} up' },
  moveDown: { id: 'backoffice.attributes.moveDown', defaultMessage: 'Move option {n} down' },
  removeOption: { id: 'backoffice.attributes.removeOption', defaultMessage: 'Remove option {n}' },
  addOption: { id: 'backoffice.attributes.addOption', defaultMessage: 'Add an option' },
  saveOptions: { id: 'backoffice.attributes.saveOptions', defaultMessage: 'Save the options' },
  optionsSaved: { id: 'backoffice.attributes.optionsSaved', defaultMessage: 'The options are saved.' },
  confirmTitle: { id: 'backoffice.attributes.confirmTitle', defaultMessage: 'Take these values from products?' },
  confirmRemove: { id: 'backoffice.attributes.confirmRemove', defaultMessage: 'Yes, remove them' },
  keep: { id: 'backoffice.attributes.keep', defaultMessage: 'Keep them' },
  deleteButton: { id: 'backoffice.attributes.deleteButton', defaultMessage: 'Delete this attribute' },
  deleteExplanation: {
    id: 'backoffice.attributes.deleteExplanation',
    defaultMessage:
      '{count, plural, =0 {No product has a value of it.} one {# product loses its value.} other {# products lose their values.}}',
  },
  deleteConfigurable: {
    id: 'backoffice.attributes.deleteConfigurable',
    defaultMessage:
      '{count, plural, one {# configurable product is} other {# configurable products are}} chosen by it: it cannot be deleted.',
  },
  deleteConfirmation: {
    id: 'backoffice.attributes.deleteConfirmation',
    defaultMessage: 'The attribute, its options and every product’s value of it are deleted. This cannot be undone.',
  },
});
