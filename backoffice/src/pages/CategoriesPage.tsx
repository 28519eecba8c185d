import { Plus } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { CategoryList } from './categories/CategoryList';
import { CategoryTreeQuery, childrenByParent } from './categories/categoryTree';
import { useCategoryMove } from './categories/useCategoryMove';

export function CategoriesPage() {
  const intl = useIntl();
  const { data, error, loading, refetch, setData } = useQuery(CategoryTreeQuery);
  const me = useStaff();
  const canEdit = me.role !== 'VIEWER';
  const { announcement, failure, busy, treeRef, move } = useCategoryMove(data, setData);
  const categories = data?.categoryTree ?? [];
  const byParent = childrenByParent(categories);

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
          <CategoryList
            parentId={null}
            depth={0}
            byParent={byParent}
            canEdit={canEdit}
            busy={busy}
            onMove={(category, direction) => void move(category, direction)}
          />
        </nav>
      </div>
    </>
  );
}
