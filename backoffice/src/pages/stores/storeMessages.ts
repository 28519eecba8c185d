import { defineMessages } from 'react-intl';

// The Stores page's words. Magento's French admin: « Vues de magasin », « Taux de change ».
export const s = defineMessages({
  title: { id: 'backoffice.stores.title', defaultMessage: 'Stores' },
  intro: {
    id: 'backoffice.stores.intro',
    defaultMessage:
      'Each store view has its own language, currencies and texts; the storefront shows a change at once. A new store view lives under /code/.',
  },
  readOnly: {
    id: 'backoffice.stores.readOnly',
    defaultMessage: 'Only owners change store views and rates; you can read them.',
  },
  loading: { id: 'backoffice.stores.loading', defaultMessage: 'Loading the store views…' },
  views: { id: 'backoffice.stores.views', defaultMessage: 'Store views' },
  caption: { id: 'backoffice.stores.caption', defaultMessage: 'Store views, in the storefront’s order' },
  code: { id: 'backoffice.stores.code', defaultMessage: 'Code' },
  codeHint: {
    id: 'backoffice.stores.codeHint',
    defaultMessage: 'A letter, then letters, digits or underscores (fr, en_gb); 32 characters at most.',
  },
  codeInvalid: {
    id: 'backoffice.stores.codeInvalid',
    defaultMessage: 'Start with a letter, then use letters (a-z), digits (0-9) or underscores (_), 32 at most.',
  },
  name: { id: 'backoffice.stores.name', defaultMessage: 'Name' },
  locale: { id: 'backoffice.stores.locale', defaultMessage: 'Locale' },
  currency: { id: 'backoffice.stores.currency', defaultMessage: 'Default currency' },
  currencies: { id: 'backoffice.stores.currencies', defaultMessage: 'Currencies shoppers may pick' },
  currenciesHint: {
    id: 'backoffice.stores.currenciesHint',
    defaultMessage: 'Only currencies with a rate are offered; the default currency always is.',
  },
  status: { id: 'backoffice.stores.status', defaultMessage: 'Status' },
  active: { id: 'backoffice.stores.active', defaultMessage: 'Active' },
  inactive: { id: 'backoffice.stores.inactive', defaultMessage: 'Inactive' },
  isDefault: { id: 'backoffice.stores.isDefault', defaultMessage: 'Default' },
  activeLabel: { id: 'backoffice.stores.activeLabel', defaultMessage: 'Active: shown on the storefront' },
  defaultAlwaysActive: {
    id: 'backoffice.stores.defaultAlwaysActive',
    defaultMessage: 'The default store view is always active: shoppers without a choice see it.',
  },
  sortOrder: { id: 'backoffice.stores.sortOrder', defaultMessage: 'Sort order' },
  sortOrderInvalid: {
    id: 'backoffice.stores.sortOrderInvalid',
    defaultMessage: 'Enter a whole number from 0 to 9999.',
  },
  edit: { id: 'backoffice.stores.edit', defaultMessage: 'Edit' },
  editLabel: { id: 'backoffice.stores.editLabel', defaultMessage: 'Edit the store view {name}' },
  add: { id: 'backoffice.stores.add', defaultMessage: 'Add a store view' },
  newView: { id: 'backoffice.stores.newView', defaultMessage: 'New store view' },
  editing: { id: 'backoffice.stores.editing', defaultMessage: 'Edit {name}' },
  save: { id: 'backoffice.stores.save', defaultMessage: 'Save store view' },
  cancel: { id: 'backoffice.stores.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'backoffice.stores.saved', defaultMessage: 'The store view {name} is saved.' },
  rates: { id: 'backoffice.stores.rates', defaultMessage: 'Currency rates' },
  ratesIntro: {
    id: 'backoffice.stores.ratesIntro',
    defaultMessage: 'Prices are stored in {base}; a rate says how much of a currency one {base} buys.',
  },
  ratesCaption: { id: 'backoffice.stores.ratesCaption', defaultMessage: 'Rates from {base}' },
  rate: { id: 'backoffice.stores.rate', defaultMessage: 'Rate' },
  base: { id: 'backoffice.stores.base', defaultMessage: 'Base currency' },
  rateCurrency: { id: 'backoffice.stores.rateCurrency', defaultMessage: 'Currency (ISO code)' },
  rateCurrencyHint: { id: 'backoffice.stores.rateCurrencyHint', defaultMessage: 'Three letters, such as EUR or GBP.' },
  rateCurrencyInvalid: {
    id: 'backoffice.stores.rateCurrencyInvalid',
    defaultMessage: 'Enter three letters, such as EUR.',
  },
  rateValue: { id: 'backoffice.stores.rateValue', defaultMessage: '{base} 1 buys' },
  rateInvalid: {
    id: 'backoffice.stores.rateInvalid',
    defaultMessage: 'Enter a decimal above 0 with a point, such as 0.92 (6 decimals at most).',
  },
  saveRate: { id: 'backoffice.stores.saveRate', defaultMessage: 'Save rate' },
  rateSaved: { id: 'backoffice.stores.rateSaved', defaultMessage: 'The rate of {currency} is saved.' },
  changeRate: { id: 'backoffice.stores.changeRate', defaultMessage: 'Change the rate of {currency}' },
  change: { id: 'backoffice.stores.change', defaultMessage: 'Change' },
});
