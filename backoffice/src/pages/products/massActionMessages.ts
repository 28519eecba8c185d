import { defineMessages } from 'react-intl';

// The products list's mass actions. Magento's French admin: « Actions », « Activer », « Désactiver ».
export const ma = defineMessages({
  selectRow: { id: 'backoffice.massActions.selectRow', defaultMessage: 'Select {name}' },
  selectPage: { id: 'backoffice.massActions.selectPage', defaultMessage: 'Select the products of this page' },
  region: { id: 'backoffice.massActions.region', defaultMessage: 'Actions on the selected products' },
  selected: {
    id: 'backoffice.massActions.selected',
    defaultMessage: '{count, plural, =0 {No product selected} one {# product selected} other {# products selected}}',
  },
  allMatching: {
    id: 'backoffice.massActions.allMatching',
    defaultMessage: 'All {count, plural, one {# product} other {# products}} matching the filters are selected',
  },
  selectAll: {
    id: 'backoffice.massActions.selectAll',
    defaultMessage: 'Select all {count, plural, one {# product} other {# products}} matching the filters',
  },
  clear: { id: 'backoffice.massActions.clear', defaultMessage: 'Clear the selection' },
  action: { id: 'backoffice.massActions.action', defaultMessage: 'Action' },
  choose: { id: 'backoffice.massActions.choose', defaultMessage: 'Choose an action' },
  enable: { id: 'backoffice.massActions.enable', defaultMessage: 'Enable' },
  disable: { id: 'backoffice.massActions.disable', defaultMessage: 'Disable' },
  addToCategory: { id: 'backoffice.massActions.addToCategory', defaultMessage: 'Add to a category' },
  removeFromCategory: { id: 'backoffice.massActions.removeFromCategory', defaultMessage: 'Remove from a category' },
  changePrice: { id: 'backoffice.massActions.changePrice', defaultMessage: 'Change prices by a percent' },
  category: { id: 'backoffice.massActions.category', defaultMessage: 'Category' },
  chooseCategory: { id: 'backoffice.massActions.chooseCategory', defaultMessage: 'Choose a category' },
  percent: { id: 'backoffice.massActions.percent', defaultMessage: 'Percent' },
  percentHint: {
    id: 'backoffice.massActions.percentHint',
    defaultMessage: '10 raises prices by 10 %, -10 lowers them; to the cent, never below 0.',
  },
  percentInvalid: {
    id: 'backoffice.massActions.percentInvalid',
    defaultMessage: 'Enter a number from -100 to 1000, not 0, with two decimals at most.',
  },
  apply: { id: 'backoffice.massActions.apply', defaultMessage: 'Apply to the selection' },
  working: {
    id: 'backoffice.massActions.working',
    defaultMessage: 'Changing {count, plural, one {# product} other {# products}}: all or nothing…',
  },
  done: {
    id: 'backoffice.massActions.done',
    defaultMessage:
      'Done: {selected, plural, one {# product} other {# products}} selected, {changed, plural, =0 {nothing needed changing} one {# change} other {# changes}}.',
  },
  failed: { id: 'backoffice.massActions.failed', defaultMessage: 'Nothing was changed: {reason}' },
});
