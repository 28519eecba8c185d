import { defineMessages } from 'react-intl';

export type Kind = 'pages' | 'blocks';

/** Each list's own sentences: French nouns have genders, so no sentence is built around a noun. */
export const KIND_MESSAGES = {
  pages: defineMessages({
    heading: { id: 'backoffice.content.pages.heading', defaultMessage: 'Content: pages' },
    what: { id: 'backoffice.content.pages.what', defaultMessage: 'Pages' },
    intro: {
      id: 'backoffice.content.pages.intro',
      defaultMessage: 'Pages have their own address on the storefront, such as /about-us.',
    },
    new: { id: 'backoffice.content.pages.new', defaultMessage: 'New page' },
    searchLabel: { id: 'backoffice.content.pages.searchLabel', defaultMessage: 'Search pages' },
    hint: { id: 'backoffice.content.pages.hint', defaultMessage: 'Title or URL key' },
    loading: { id: 'backoffice.content.pages.loading', defaultMessage: 'Loading pages…' },
    count: {
      id: 'backoffice.content.pages.count',
      defaultMessage: '{count, plural, one {{count} page} other {{count} pages}}',
    },
    countSearch: {
      id: 'backoffice.content.pages.countSearch',
      defaultMessage: '{count, plural, one {{count} page} other {{count} pages}} match “{search}”',
    },
    noneMatch: { id: 'backoffice.content.pages.noneMatch', defaultMessage: 'No page matches this search.' },
    none: { id: 'backoffice.content.pages.none', defaultMessage: 'No pages yet.' },
    caption: {
      id: 'backoffice.content.pages.caption',
      defaultMessage: 'Pages, by URL key, page {page} of {totalPages}',
    },
    column: { id: 'backoffice.content.pages.column', defaultMessage: 'URL key' },
    pager: { id: 'backoffice.content.pages.pager', defaultMessage: 'Pages: pages of results' },
  }),
  blocks: defineMessages({
    heading: { id: 'backoffice.content.blocks.heading', defaultMessage: 'Content: blocks' },
    what: { id: 'backoffice.content.blocks.what', defaultMessage: 'Blocks' },
    intro: {
      id: 'backoffice.content.blocks.intro',
      defaultMessage: 'Blocks are pieces shown inside storefront pages, such as the footer links.',
    },
    new: { id: 'backoffice.content.blocks.new', defaultMessage: 'New block' },
    searchLabel: { id: 'backoffice.content.blocks.searchLabel', defaultMessage: 'Search blocks' },
    hint: { id: 'backoffice.content.blocks.hint', defaultMessage: 'Title or identifier' },
    loading: { id: 'backoffice.content.blocks.loading', defaultMessage: 'Loading blocks…' },
    count: {
      id: 'backoffice.content.blocks.count',
      defaultMessage: '{count, plural, one {{count} block} other {{count} blocks}}',
    },
    countSearch: {
      id: 'backoffice.content.blocks.countSearch',
      defaultMessage: '{count, plural, one {{count} block} other {{count} blocks}} match “{search}”',
    },
    noneMatch: { id: 'backoffice.content.blocks.noneMatch', defaultMessage: 'No block matches this search.' },
    none: { id: 'backoffice.content.blocks.none', defaultMessage: 'No blocks yet.' },
    caption: {
      id: 'backoffice.content.blocks.caption',
      defaultMessage: 'Blocks, by identifier, page {page} of {totalPages}',
    },
    column: { id: 'backoffice.content.blocks.column', defaultMessage: 'Identifier' },
    pager: { id: 'backoffice.content.blocks.pager', defaultMessage: 'Blocks: pages of results' },
  }),
};
