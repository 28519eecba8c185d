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
