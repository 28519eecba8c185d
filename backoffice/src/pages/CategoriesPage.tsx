import { ArrowDown, ArrowUp, FolderInput, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import type { AdminCategoryTreeQuery } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';

export const CategoryTreeQuery = graphql(`
  query AdminCategoryTree {
    categoryTree {
      id
      parentId
      level
      position
      name
      urlPath
      includeInMenu
      active
      productCount
      childCount
    }
  }
`);

const ReorderCategory = graphql(`
  mutation ReorderCategory($id: ID!, $direction: AdminCategoryDirection!) {
    reorderCategory(id: $id, direction: $direction) {
      id
      position
    }
  }
`);

export type TreeCategory = AdminCategoryTreeQuery['categoryTree'][number];
type Direction = 'UP' | 'DOWN';

/** The tree's rows by parent, each list in the storefront's order (the server sends them so). */
export function childrenByParent(categories: readonly TreeCategory[]): Map<string | null, TreeCategory[]> {
  const map = new Map<string | null, TreeCategory[]>();
  for (const category of categories) {
    const list = map.get(category.parentId ?? null) ?? [];
    list.push(category);
    map.set(category.parentId ?? null, list);
  }
  return map;
}

/** Whatever stays focused after a move: the button pressed if it can still move, else the category's link. */
interface FocusTarget {
  id: string;
  direction: Direction;
}

/** The words a button adds for screen readers only (which category it acts on). */
function inHiddenText(chunks: ReactNode[]) {
  return <span className="visually-hidden">{chunks}</span>;
}

export function CategoriesPage() {
  const intl = useIntl();
  const { data, error, loading, refetch, setData } = useQuery(CategoryTreeQuery);
  const me = useStaff();
  const canEdit = me.role !== 'VIEWER';
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
  const byParent = childrenByParent(categories);
  const byId = new Map(categories.map((c) => [c.id, c]));

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
      const parent = category.parentId ? byId.get(category.parentId)?.name : null;
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
      setFailure(caught instanceof ApiError || caught instanceof Error ? caught.message : String(caught));
      setFocusTarget({ id: category.id, direction });
    } finally {
      setBusy(null);
    }
  };

  const renderList = (parentId: string | null, depth: number) => {
    const list = byParent.get(parentId) ?? [];
    if (list.length === 0) return null;
    return (
      <ul className={depth === 0 ? 'bo-tree' : 'bo-tree-children'}>
        {list.map((category, index) => (
          <li key={category.id}>
            <div className="bo-tree-row" data-category={category.id}>
              <span className="bo-tree-name">
                <Link to={`/categories/${category.id}`}>{category.name}</Link>
                {!category.active && (
                  <span className="bo-badge bo-badge-canceled">
                    <FormattedMessage id="backoffice.categories.inactive" defaultMessage="Inactive" />
                  </span>
                )}
                {category.active && !category.includeInMenu && (
                  <span className="bo-badge">
                    <FormattedMessage id="backoffice.categories.notInMenu" defaultMessage="Not in the menu" />
                  </span>
                )}
                <span className="bo-muted">
                  <FormattedMessage
                    id="backoffice.categories.products"
                    defaultMessage="{count, plural, one {{count} product} other {{count} products}}"
                    values={{ count: category.productCount }}
                  />
                </span>
              </span>
              {canEdit && (
                <span className="bo-tree-actions">
                  {category.level >= 2 && (
                    <>
                      <Button
                        variant="ghost"
                        data-direction="UP"
                        disabled={index === 0}
                        busy={busy?.id === category.id && busy.direction === 'UP'}
                        onClick={() => void move(category, 'UP')}
                      >
                        <Icon icon={ArrowUp} size={18} />
                        <FormattedMessage
                          id="backoffice.categories.moveUp"
                          defaultMessage="Move up<hidden> {name}</hidden>"
                          values={{ name: category.name, hidden: inHiddenText }}
                        />
                      </Button>
                      <Button
                        variant="ghost"
                        data-direction="DOWN"
                        disabled={index === list.length - 1}
                        busy={busy?.id === category.id && busy.direction === 'DOWN'}
                        onClick={() => void move(category, 'DOWN')}
                      >
                        <Icon icon={ArrowDown} size={18} />
                        <FormattedMessage
                          id="backoffice.categories.moveDown"
                          defaultMessage="Move down<hidden> {name}</hidden>"
                          values={{ name: category.name, hidden: inHiddenText }}
                        />
                      </Button>
                      <Link className="bo-tree-link" to={`/categories/${category.id}#move`}>
                        <Icon icon={FolderInput} size={18} />
                        <FormattedMessage
                          id="backoffice.categories.moveTo"
                          defaultMessage="Move to…<hidden> {name}</hidden>"
                          values={{ name: category.name, hidden: inHiddenText }}
                        />
                      </Link>
                    </>
                  )}
                  <Link className="bo-tree-link" to={`/categories/new?parent=${category.id}`}>
                    <Icon icon={Plus} size={18} />
                    <FormattedMessage
                      id="backoffice.categories.addSubcategory"
                      defaultMessage="Add subcategory<hidden> to {name}</hidden>"
                      values={{ name: category.name, hidden: inHiddenText }}
                    />
                  </Link>
                </span>
              )}
            </div>
            {renderList(category.id, depth + 1)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <PageHeading title={intl.formatMessage({ id: 'backoffice.categories.title', defaultMessage: 'Categories' })}>
        <FormattedMessage id="backoffice.categories.title" defaultMessage="Categories" />
      </PageHeading>
      <p className="bo-muted">
        <FormattedMessage
          id="backoffice.categories.intro"
          defaultMessage="The storefront's navigation shows the active categories marked for the menu, in this order. Every change shows on the storefront at once."
        />
      </p>
      {canEdit && (
        <p>
          <Link className="bo-tree-link" to="/categories/new">
            <Icon icon={Plus} size={18} />
            <FormattedMessage id="backoffice.categories.new" defaultMessage="New category" />
          </Link>
        </p>
      )}
      <p role="status" className="bo-tree-status">
        {announcement}
      </p>
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && (
        <Loading
          label={intl.formatMessage({ id: 'backoffice.categories.loading', defaultMessage: 'Loading the categories…' })}
        />
      )}
      {data && categories.length === 0 && (
        <EmptyState>
          <FormattedMessage id="backoffice.categories.none" defaultMessage="There are no categories yet." />
        </EmptyState>
      )}
      <div ref={treeRef} className="bo-card">
        <nav aria-label={intl.formatMessage({ id: 'backoffice.categories.tree', defaultMessage: 'Category tree' })}>
          {renderList(null, 0)}
        </nav>
      </div>
    </>
  );
}
