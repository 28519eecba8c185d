import { defineMessages } from 'react-intl';

// The settings page's words. Magento's French admin: « Expédition », « Méthodes de paiement », « Taxes ».
export const m = defineMessages({
  title: { id: 'backoffice.settings.title', defaultMessage: 'Settings' },
  readOnly: { id: 'backoffice.settings.readOnly', defaultMessage: 'Only owners change settings; you can read them.' },
  loading: { id: 'backoffice.settings.loading', defaultMessage: 'Loading the settings…' },
  emailInvalid: {
    id: 'backoffice.settings.emailInvalid',
    defaultMessage: 'Enter an e-mail address such as name@example.com.',
  },
  amountInvalid: { id: 'backoffice.settings.amountInvalid', defaultMessage: 'Enter an amount such as 5.00.' },
  negative: { id: 'backoffice.settings.negative', defaultMessage: 'It must not be negative.' },
  store: { id: 'backoffice.settings.store', defaultMessage: 'Store' },
  storeSaved: { id: 'backoffice.settings.storeSaved', defaultMessage: 'The store settings are saved.' },
  storeName: { id: 'backoffice.settings.storeName', defaultMessage: 'Store name' },
  storeNameHint: {
    id: 'backoffice.settings.storeNameHint',
    defaultMessage: 'Shown on the storefront and in the shop’s e-mails.',
  },
  contactEmail: { id: 'backoffice.settings.contactEmail', defaultMessage: 'Contact e-mail' },
  contactEmailHint: {
    id: 'backoffice.settings.contactEmailHint',
    defaultMessage: 'Messages from the contact form go here.',
  },
  saveStore: { id: 'backoffice.settings.saveStore', defaultMessage: 'Save store settings' },
  payment: { id: 'backoffice.settings.payment', defaultMessage: 'Payment' },
  paymentSaved: { id: 'backoffice.settings.paymentSaved', defaultMessage: 'The payment methods are saved.' },
  paymentNone: {
    id: 'backoffice.settings.paymentNone',
    defaultMessage: 'Keep at least one payment method on: without one, shoppers cannot place orders.',
  },
  offered: { id: 'backoffice.settings.offered', defaultMessage: 'Offered at checkout' },
  freeCart: {
    id: 'backoffice.settings.freeCart',
    defaultMessage: 'A cart that costs nothing needs no payment; that is always on.',
  },
  savePayment: { id: 'backoffice.settings.savePayment', defaultMessage: 'Save payment methods' },
  instructions: { id: 'backoffice.settings.instructions', defaultMessage: 'How to pay offline' },
  instructionsHint: {
    id: 'backoffice.settings.instructionsHint',
    defaultMessage:
      'Shoppers read these at the payment step, on the order confirmation, in the confirmation e-mail and in their account. Leave a field empty to say nothing.',
  },
  instructionsSaved: {
    id: 'backoffice.settings.instructionsSaved',
    defaultMessage: 'The payment instructions are saved.',
  },
  instructionsTooLong: { id: 'backoffice.settings.instructionsTooLong', defaultMessage: 'At most {max} characters.' },
  checkPayableTo: { id: 'backoffice.settings.checkPayableTo', defaultMessage: 'Check / money order: make payable to' },
  checkSendTo: {
    id: 'backoffice.settings.checkSendTo',
    defaultMessage: 'Check / money order: send to (postal address)',
  },
  bankTransferInstructions: {
    id: 'backoffice.settings.bankTransferInstructions',
    defaultMessage: 'Bank transfer instructions',
  },
  bankTransferHint: {
    id: 'backoffice.settings.bankTransferHint',
    defaultMessage: 'The account to pay into and the reference to give, e.g. the order number.',
  },
  cashOnDeliveryInstructions: {
    id: 'backoffice.settings.cashOnDeliveryInstructions',
    defaultMessage: 'Cash on delivery instructions',
  },
  saveInstructions: { id: 'backoffice.settings.saveInstructions', defaultMessage: 'Save payment instructions' },
  shipping: { id: 'backoffice.settings.shipping', defaultMessage: 'Shipping' },
  shippingSaved: { id: 'backoffice.settings.shippingSaved', defaultMessage: 'The shipping settings are saved.' },
  allOthers: { id: 'backoffice.settings.allOthers', defaultMessage: 'All other countries' },
  duplicateCountry: {
    id: 'backoffice.settings.duplicateCountry',
    defaultMessage: 'This country has a row already; keep one.',
  },
  currencyNote: {
    id: 'backoffice.settings.currencyNote',
    defaultMessage: 'Prices are in {currency}; carts in another currency convert them.',
  },
  saveShipping: { id: 'backoffice.settings.saveShipping', defaultMessage: 'Save shipping settings' },
  carrierTitle: { id: 'backoffice.settings.carrierTitle', defaultMessage: 'Carrier title' },
  methodTitle: { id: 'backoffice.settings.methodTitle', defaultMessage: 'Method title' },
  carrierTitleHint: {
    id: 'backoffice.settings.carrierTitleHint',
    defaultMessage: 'Shoppers read it: what they get, e.g. Standard delivery.',
  },
  methodTitleHint: {
    id: 'backoffice.settings.methodTitleHint',
    defaultMessage: 'When it arrives or why it is offered, e.g. 3–5 working days.',
  },
  price: { id: 'backoffice.settings.price', defaultMessage: 'Price ({currency})' },
  charged: { id: 'backoffice.settings.charged', defaultMessage: 'Charged' },
  perItem: { id: 'backoffice.settings.perItem', defaultMessage: 'Per item' },
  perOrder: { id: 'backoffice.settings.perOrder', defaultMessage: 'Per order' },
  freeFrom: { id: 'backoffice.settings.freeFrom', defaultMessage: 'Free from a subtotal of ({currency})' },
  afterDiscounts: { id: 'backoffice.settings.afterDiscounts', defaultMessage: 'After discounts.' },
  byDestination: { id: 'backoffice.settings.byDestination', defaultMessage: 'Price by destination' },
  noRows: { id: 'backoffice.settings.noRows', defaultMessage: 'No rows: this method is offered nowhere.' },
  destination: { id: 'backoffice.settings.destination', defaultMessage: 'Destination {n}' },
  priceFor: { id: 'backoffice.settings.priceFor', defaultMessage: 'Price for {country} ({currency})' },
  removeRow: { id: 'backoffice.settings.removeRow', defaultMessage: 'Remove the row for {country}' },
  remove: { id: 'backoffice.settings.remove', defaultMessage: 'Remove' },
  addDestination: { id: 'backoffice.settings.addDestination', defaultMessage: 'Add a destination' },
});

export const tax = defineMessages({
  title: { id: 'backoffice.settings.tax', defaultMessage: 'Tax' },
  saved: { id: 'backoffice.settings.taxSaved', defaultMessage: 'The tax rates are saved.' },
  duplicatePlace: {
    id: 'backoffice.settings.taxDuplicatePlace',
    defaultMessage: 'There is a rate for this place already; keep one.',
  },
  rateInvalid: {
    id: 'backoffice.settings.taxRateInvalid',
    defaultMessage: 'Enter a percentage from 0 to 100, such as 7.25.',
  },
  decimals: { id: 'backoffice.settings.taxDecimals', defaultMessage: 'Use at most 4 decimals.' },
  intro: {
    id: 'backoffice.settings.taxIntro',
    defaultMessage:
      'A region’s own rate wins over its country’s; the label is what carts and orders call the tax. Saving keeps the rates listed here and removes the others.',
  },
  none: { id: 'backoffice.settings.taxNone', defaultMessage: 'No tax rates: nothing is taxed.' },
  add: { id: 'backoffice.settings.taxAdd', defaultMessage: 'Add a tax rate' },
  save: { id: 'backoffice.settings.taxSave', defaultMessage: 'Save tax rates' },
  rateN: { id: 'backoffice.settings.taxRateN', defaultMessage: 'Tax rate {n}' },
  country: { id: 'backoffice.settings.taxCountry', defaultMessage: 'Country' },
  chooseCountry: { id: 'backoffice.settings.taxChooseCountry', defaultMessage: 'Choose a country' },
  region: { id: 'backoffice.settings.taxRegion', defaultMessage: 'Region' },
  allOf: { id: 'backoffice.settings.taxAllOf', defaultMessage: 'All of {country}' },
  allOfCountry: { id: 'backoffice.settings.taxAllOfCountry', defaultMessage: 'All of the country' },
  rate: { id: 'backoffice.settings.taxRate', defaultMessage: 'Rate (%)' },
  label: { id: 'backoffice.settings.taxLabel', defaultMessage: 'Label' },
  remove: { id: 'backoffice.settings.taxRemove', defaultMessage: 'Remove the tax rate {name}' },
});
