import type { AdminCategoryFieldsFragment } from '../../__generated__/graphql';
import { type TreeCategory } from './categoryTree';

export type Category = AdminCategoryFieldsFragment;

export type FieldName = 'parentId' | 'name' | 'urlKey' | 'description' | 'metaTitle' | 'metaDescription' | 'active';

export interface Draft {
  parentId: string;
  name: string;
  urlKey: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  includeInMenu: boolean;
  active: boolean;
}

export function draftOf(category: Category | null, parentId = ''): Draft {
  return {
    parentId: category?.parentId ?? parentId,
    name: category?.name ?? '',
    urlKey: category?.urlKey ?? '',
    description: category?.description ?? '',
    metaTitle: category?.metaTitle ?? '',
    metaDescription: category?.metaDescription ?? '',
    includeInMenu: category?.includeInMenu ?? true,
    active: category?.active ?? true,
  };
}

/** The server's refusals start with the field they are about; the form shows each next to it. */
export function fieldOfMessage(message: string): FieldName | null {
  if (/URL key/i.test(message)) return 'urlKey';
  if (/^"?Name/.test(message)) return 'name';
  if (/^"?Meta title/.test(message)) return 'metaTitle';
  if (/^"?Meta description/.test(message)) return 'metaDescription';
  if (/^"?Description/.test(message)) return 'description';
  if (/root category: the whole catalog/.test(message)) return 'active';
  if (/put it under|catalog's root/.test(message)) return 'parentId';
  return null;
}

/** "Women / Tops", indented by depth: the choices of a parent select, in tree order. */
export function parentChoices(tree: readonly TreeCategory[], excluded: string | null) {
  const byId = new Map(tree.map((c) => [c.id, c]));
  const within = (category: TreeCategory): boolean => {
    for (
      let node: TreeCategory | undefined = category;
      node;
      node = node.parentId ? byId.get(node.parentId) : undefined
    )
      if (node.id === excluded) return true;
    return false;
  };
  const label = (category: TreeCategory) => {
    const names: string[] = [];
    for (
      let node: TreeCategory | undefined = category;
      node;
      node = node.parentId ? byId.get(node.parentId) : undefined
    )
      names.unshift(node.name);
    return names.join(' / ');
  };
  return tree.filter((c) => !within(c)).map((c) => ({ value: c.id, label: label(c) }));
}
