import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql } from '../../__generated__';
import type { AdminCategoryTreeQuery } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { CategoryTreeQuery, type TreeCategory } from './categoryTree';

const ReorderCategory = graphql(`
  mutation ReorderCategory($id: ID!, $direction: AdminCategoryDirection!) {
    reorderCategory(id: $id, direction: $direction) {
      id
      position
    }
  }
`);

export type Direction = 'UP' | 'DOWN';

/** Whatever stays focused after a move: the button pressed if it can still move, else the category's link. */
export interface FocusTarget {
  id: string;
  direction: Direction;
}

/**
 * Moving a category up or down among its siblings: one move at a time, the new place read out,
 * and the focus kept on the button pressed (or the category's link once it cannot move further).
 */
export function useCategoryMove(
  data: AdminCategoryTreeQuery | undefined,
  setData: (data: AdminCategoryTreeQuery) => void,
) {
  const intl = useIntl();
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<FocusTarget | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusTarget || !treeRef.current) return;
    const row = treeRef.current.querySelector<HTMLElement>(`[data-category="${focusTarget.id}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`button[data-direction="${focusTarget.direction}"]`);
    const target = button && !button.disabled ? button : row?.querySelector<HTMLElement>('a');
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget, data]);

  const categories = data?.categoryTree ?? [];

  const move = async (category: TreeCategory, direction: Direction) => {
    if (busy) return;
    setBusy({ id: category.id, direction });
    setFailure(null);
    try {
      await request(ReorderCategory, { id: category.id, direction });
      const next = await request(CategoryTreeQuery);
      setData(next);
      const moved = next.categoryTree.find((c) => c.id === category.id);
      const siblings = next.categoryTree.filter((c) => c.parentId === category.parentId);
      const parent = category.parentId ? categories.find((c) => c.id === category.parentId)?.name : null;
      setAnnouncement(
        intl.formatMessage(
          {
            id: 'backoffice.categories.moved',
            defaultMessage:
              '{name} moved {direction, select, UP {up} other {down}}: now {position} of {count}{inParent, select, yes { in {parent}} other {}}.',
          },
          {
            name: category.name,
            direction,
            position: moved?.position ?? '?',
            count: siblings.length,
            inParent: parent ? 'yes' : 'no',
            parent,
          },
        ),
      );
      setFocusTarget({ id: category.id, direction });
    } catch (caught) {
      setFailure(messageOf(caught));
      setFocusTarget({ id: category.id, direction });
    } finally {
      setBusy(null);
    }
  };

  return { announcement, failure, busy, treeRef, move };
}
