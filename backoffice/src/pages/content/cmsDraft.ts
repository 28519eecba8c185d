import type { AdminCmsBlockFieldsFragment, AdminCmsPageFieldsFragment } from '../../__generated__/graphql';

export type CmsPage = AdminCmsPageFieldsFragment;

export type CmsBlock = AdminCmsBlockFieldsFragment;

export type Kind = 'page' | 'block';

export type FieldName =
  'identifier' | 'title' | 'contentHeading' | 'content' | 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'active';

export const FIELDS: readonly FieldName[] = [
  'identifier',
  'title',
  'contentHeading',
  'content',
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'active',
];

export interface Draft {
  identifier: string;
  title: string;
  contentHeading: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  active: boolean;
}

export const REQUIRED = 'This field is required';

export function draftOf(item: Partial<CmsPage> | null): Draft {
  return {
    identifier: item?.identifier ?? '',
    title: item?.title ?? '',
    contentHeading: item?.contentHeading ?? '',
    content: item?.content ?? '',
    metaTitle: item?.metaTitle ?? '',
    metaDescription: item?.metaDescription ?? '',
    metaKeywords: item?.metaKeywords ?? '',
    active: item?.active ?? true,
  };
}

export const ROLE_NOTES = {
  HOME: "This is the shop's home page: it cannot be disabled, deleted or given another URL key.",
  NO_ROUTE:
    'Shoppers see this page at an address that leads nowhere: it cannot be disabled, deleted or given another URL key.',
} as const;
