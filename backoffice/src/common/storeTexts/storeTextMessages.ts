import { defineMessages } from 'react-intl';

// The store-view switch's words, shared by the product, category and content pages. Magento's
// French admin: « Vue de magasin », « Valeurs par défaut », « Utiliser la valeur par défaut ».
export const st = defineMessages({
  sectionTitle: { id: 'backoffice.storeTexts.title', defaultMessage: 'Texts per store view' },
  scope: { id: 'backoffice.storeTexts.scope', defaultMessage: 'Store view' },
  defaults: { id: 'backoffice.storeTexts.defaults', defaultMessage: 'Default values' },
  defaultsNote: {
    id: 'backoffice.storeTexts.defaultsNote',
    defaultMessage:
      'The default values are the texts edited above. Choose a store view to give it texts of its own; a text left at its default value follows the default.',
  },
  inactive: { id: 'backoffice.storeTexts.inactive', defaultMessage: '{name} (inactive)' },
  useDefault: { id: 'backoffice.storeTexts.useDefault', defaultMessage: 'Use default value' },
  useDefaultFor: { id: 'backoffice.storeTexts.useDefaultFor', defaultMessage: '{field}: use default value' },
  loading: { id: 'backoffice.storeTexts.loading', defaultMessage: 'Loading the store view’s texts…' },
  save: { id: 'backoffice.storeTexts.save', defaultMessage: 'Save texts for {store}' },
  saved: { id: 'backoffice.storeTexts.saved', defaultMessage: 'The texts for {store} are saved.' },
  name: { id: 'backoffice.storeTexts.name', defaultMessage: 'Name' },
  urlKey: { id: 'backoffice.storeTexts.urlKey', defaultMessage: 'URL key' },
  description: { id: 'backoffice.storeTexts.description', defaultMessage: 'Description (HTML)' },
  shortDescription: { id: 'backoffice.storeTexts.shortDescription', defaultMessage: 'Short description (HTML)' },
  metaTitle: { id: 'backoffice.storeTexts.metaTitle', defaultMessage: 'Meta title' },
  metaDescription: { id: 'backoffice.storeTexts.metaDescription', defaultMessage: 'Meta description' },
  title: { id: 'backoffice.storeTexts.pageTitle', defaultMessage: 'Title' },
  contentHeading: { id: 'backoffice.storeTexts.contentHeading', defaultMessage: 'Content heading' },
  content: { id: 'backoffice.storeTexts.content', defaultMessage: 'Content (HTML)' },
  metaKeywords: { id: 'backoffice.storeTexts.metaKeywords', defaultMessage: 'Meta keywords' },
});
