import { defineMessages } from 'react-intl';

export const sm = defineMessages({
  title: { id: 'bo.synonyms.title', defaultMessage: 'Search synonyms' },
  intro: {
    id: 'bo.synonyms.intro',
    defaultMessage:
      'Words shoppers use for the same thing. A search for one of a group’s words also finds products named with the others.',
  },
  scopeFilter: { id: 'bo.synonyms.scopeFilter', defaultMessage: 'Store view' },
  everyGroup: { id: 'bo.synonyms.everyGroup', defaultMessage: 'Every group' },
  allStores: { id: 'bo.synonyms.allStores', defaultMessage: 'All store views' },
  caption: { id: 'bo.synonyms.caption', defaultMessage: 'Synonym groups' },
  words: { id: 'bo.synonyms.words', defaultMessage: 'Words' },
  scope: { id: 'bo.synonyms.scope', defaultMessage: 'Applies in' },
  actions: { id: 'bo.synonyms.actions', defaultMessage: 'Actions' },
  loading: { id: 'bo.synonyms.loading', defaultMessage: 'Loading synonym groups…' },
  none: { id: 'bo.synonyms.none', defaultMessage: 'No synonym groups here yet.' },
  add: { id: 'bo.synonyms.add', defaultMessage: 'Add a synonym group' },
  edit: { id: 'bo.synonyms.edit', defaultMessage: 'Edit the group {words}' },
  editShort: { id: 'bo.synonyms.editShort', defaultMessage: 'Edit' },
  delete: { id: 'bo.synonyms.delete', defaultMessage: 'Delete the group {words}' },
  deleteShort: { id: 'bo.synonyms.deleteShort', defaultMessage: 'Delete' },
  deleteTitle: { id: 'bo.synonyms.deleteTitle', defaultMessage: 'Delete the group {words}?' },
  deleteText: {
    id: 'bo.synonyms.deleteText',
    defaultMessage: 'Searches stop treating these words as the same from their next request.',
  },
  deleteConfirm: { id: 'bo.synonyms.deleteConfirm', defaultMessage: 'Yes, delete it' },
  keep: { id: 'bo.synonyms.keep', defaultMessage: 'Keep it' },
  deleted: { id: 'bo.synonyms.deleted', defaultMessage: 'The group {words} is deleted.' },
  formNew: { id: 'bo.synonyms.formNew', defaultMessage: 'New synonym group' },
  formEdit: { id: 'bo.synonyms.formEdit', defaultMessage: 'Edit synonym group' },
  wordsLabel: { id: 'bo.synonyms.wordsLabel', defaultMessage: 'Words, separated by commas' },
  wordsHint: {
    id: 'bo.synonyms.wordsHint',
    defaultMessage: 'From 2 to 20 words, for example: hoodie, hoody, sweatshirt',
  },
  wordsTooFew: { id: 'bo.synonyms.wordsTooFew', defaultMessage: 'Enter at least two different words.' },
  scopeLabel: { id: 'bo.synonyms.scopeLabel', defaultMessage: 'Applies in' },
  save: { id: 'bo.synonyms.save', defaultMessage: 'Save the group' },
  cancel: { id: 'bo.synonyms.cancel', defaultMessage: 'Cancel' },
  saved: { id: 'bo.synonyms.saved', defaultMessage: 'The group {words} is saved.' },
});

/** A group as it is named in buttons, dialogs and notices. */
export const wordsOf = (group: { words: readonly string[] }): string => group.words.join(', ');
