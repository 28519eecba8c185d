import { type MessageDescriptor, defineMessages } from 'react-intl';

// One page's or block's editor. French nouns have genders (la page, le bloc): each sentence
// chooses by `kind` (page or block) rather than slotting a noun in.
const messages = defineMessages({
  allContent: { id: 'backoffice.cms.allContent', defaultMessage: 'All content' },
  allBlocks: { id: 'backoffice.cms.allBlocks', defaultMessage: 'All blocks' },
  pageTitle: { id: 'backoffice.cms.pageTitle', defaultMessage: 'Page' },
  blockTitle: { id: 'backoffice.cms.blockTitle', defaultMessage: 'Block' },
  loadingPage: { id: 'backoffice.cms.loadingPage', defaultMessage: 'Loading the page…' },
  loadingBlock: { id: 'backoffice.cms.loadingBlock', defaultMessage: 'Loading the block…' },
  missingPage: {
    id: 'backoffice.cms.missingPage',
    defaultMessage: 'There is no such page. Find it in the list of content.',
  },
  missingBlock: {
    id: 'backoffice.cms.missingBlock',
    defaultMessage: 'There is no such block. Find it in the list of content.',
  },
  newPage: { id: 'backoffice.cms.newPage', defaultMessage: 'New page' },
  newBlock: { id: 'backoffice.cms.newBlock', defaultMessage: 'New block' },
  created: {
    id: 'backoffice.cms.created',
    defaultMessage: '{kind, select, page {The page is created.} other {The block is created.}}',
  },
  saved: {
    id: 'backoffice.cms.saved',
    defaultMessage: '{kind, select, page {The page is saved.} other {The block is saved.}}',
  },
  readOnly: { id: 'backoffice.cms.readOnly', defaultMessage: 'Your role can read content but not change it.' },
  roleHome: {
    id: 'backoffice.cms.roleHome',
    defaultMessage: 'This is the shop’s home page: it cannot be disabled, deleted or given another URL key.',
  },
  roleNoRoute: {
    id: 'backoffice.cms.roleNoRoute',
    defaultMessage:
      'Shoppers see this page at an address that leads nowhere: it cannot be disabled, deleted or given another URL key.',
  },
  general: { id: 'backoffice.cms.general', defaultMessage: 'General' },
  title: { id: 'backoffice.cms.title', defaultMessage: 'Title' },
  urlKey: { id: 'backoffice.cms.urlKey', defaultMessage: 'URL key' },
  urlKeyHint: {
    id: 'backoffice.cms.urlKeyHint',
    defaultMessage:
      'The page’s address: lower-case letters, digits and hyphens, with / between parts (about-us, help/returns). A new key leaves the old address redirecting here.',
  },
  identifier: { id: 'backoffice.cms.identifier', defaultMessage: 'Identifier' },
  identifierHint: {
    id: 'backoffice.cms.identifierHint',
    defaultMessage: 'How the storefront asks for the block: lower-case letters, digits, hyphens and underscores.',
  },
  enabled: { id: 'backoffice.cms.enabled', defaultMessage: 'Enabled: shoppers can see it' },
  content: { id: 'backoffice.cms.content', defaultMessage: 'Content' },
  contentHeading: { id: 'backoffice.cms.contentHeading', defaultMessage: 'Content heading' },
  contentHeadingHint: {
    id: 'backoffice.cms.contentHeadingHint',
    defaultMessage: 'Shown above the content; the title when empty',
  },
  html: { id: 'backoffice.cms.html', defaultMessage: 'HTML' },
  htmlHint: {
    id: 'backoffice.cms.htmlHint',
    defaultMessage:
      'Scripts, frames, style and event attributes, and unsafe links are taken out when saved; the preview shows the result.',
  },
  seo: { id: 'backoffice.cms.seo', defaultMessage: 'Search engines' },
  metaTitle: { id: 'backoffice.cms.metaTitle', defaultMessage: 'Meta title' },
  metaDescription: { id: 'backoffice.cms.metaDescription', defaultMessage: 'Meta description' },
  metaKeywords: { id: 'backoffice.cms.metaKeywords', defaultMessage: 'Meta keywords' },
  create: { id: 'backoffice.cms.create', defaultMessage: '{kind, select, page {Create page} other {Create block}}' },
  save: { id: 'backoffice.cms.save', defaultMessage: 'Save changes' },
  onStorefront: { id: 'backoffice.cms.onStorefront', defaultMessage: 'See it on the storefront' },
  deletePageText: {
    id: 'backoffice.cms.deletePageText',
    defaultMessage: 'The page and its address go for good; links to it lead to the “page not found” page.',
  },
  deleteBlockText: {
    id: 'backoffice.cms.deleteBlockText',
    defaultMessage: 'The block goes for good; the places that showed it show nothing.',
  },
  deleteButton: {
    id: 'backoffice.cms.deleteButton',
    defaultMessage: '{kind, select, page {Delete page} other {Delete block}}',
  },
  deleteConfirm: { id: 'backoffice.cms.deleteConfirm', defaultMessage: 'This cannot be undone.' },
});

/** Plain descriptors, so each takes the values its text names. */
export const m: Record<keyof typeof messages, MessageDescriptor> = messages;

/** Why the home and "not found" pages keep their URL key and stay enabled. */
export const ROLE_NOTES = { HOME: m.roleHome, NO_ROUTE: m.roleNoRoute } as const;
