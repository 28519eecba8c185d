import { ArrowDown, ArrowUp, FolderInput, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Icon } from '@vela/ui/Icon';
import type { TreeCategory } from './categoryTree';
import type { Direction, FocusTarget } from './useCategoryMove';

/** The words a button adds for screen readers only (which category it acts on). */
function inHiddenText(chunks: ReactNode[]) {
  return <span className="visually-hidden">{chunks}</span>;
}

interface TreeProps {
  byParent: Map<string | null, TreeCategory[]>;
  canEdit: boolean;
  busy: FocusTarget | null;
  onMove: (category: TreeCategory, direction: Direction) => void;
}

/** One level of the tree (the top one when `parentId` is null), each category with its children below it. */
export function CategoryList({ parentId, depth, ...props }: TreeProps & { parentId: string | null; depth: number }) {
  const list = props.byParent.get(parentId) ?? [];
  if (list.length === 0) return null;
  return (
    <ul className={depth === 0 ? 'bo-tree' : 'bo-tree-children'}>
      {list.map((category, index) => (
        <li key={category.id}>
          <div className="bo-tree-row" data-category={category.id}>
            <CategoryName category={category} />
            {props.canEdit && (
              <CategoryActions
                category={category}
                first={index === 0}
                last={index === list.length - 1}
                busy={props.busy}
                onMove={props.onMove}
              />
            )}
          </div>
          <CategoryList parentId={category.id} depth={depth + 1} {...props} />
        </li>
      ))}
    </ul>
  );
}

function CategoryName({ category }: { category: TreeCategory }) {
  return (
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
  );
}

function CategoryActions({
  category,
  first,
  last,
  busy,
  onMove,
}: {
  category: TreeCategory;
  first: boolean;
  last: boolean;
  busy: FocusTarget | null;
  onMove: (category: TreeCategory, direction: Direction) => void;
}) {
  return (
    <span className="bo-tree-actions">
      {category.level >= 2 && (
        <>
          <Button
            variant="ghost"
            data-direction="UP"
            disabled={first}
            busy={busy?.id === category.id && busy.direction === 'UP'}
            onClick={() => onMove(category, 'UP')}
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
            disabled={last}
            busy={busy?.id === category.id && busy.direction === 'DOWN'}
            onClick={() => onMove(category, 'DOWN')}
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
  );
}
