import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { CategoryTreeQuery } from './categories/categoryTree';
import { CategoryForm } from './categories/CategoryForm';
import { MoveSection } from './categories/MoveSection';
import { CategoryStoreTexts } from './categories/CategoryStoreTexts';
import { CategoryDeleteSection } from './categories/DeleteSection';
import { m } from './categories/categoryMessages';

graphql(`
  fragment AdminCategoryFields on AdminCategory {
    id
    parentId
    level
    position
    name
    urlKey
    urlPath
    storefrontPath
    description
    metaTitle
    metaDescription
    includeInMenu
    active
    productCount
    childCount
    pathNames
  }
`);

const CategoryQuery = graphql(`
  query AdminCategory($id: ID!) {
    category(id: $id) {
      ...AdminCategoryFields
    }
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

function BackLink() {
  const t = useT();
  return (
    <p className="bo-back">
      <Link to="/categories">
        <Icon icon={ArrowLeft} size={18} />
        {t(m.all)}
      </Link>
    </p>
  );
}

export function CategoryPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CategoryQuery, { id });
  const category = data?.category;
  const title = category?.name ?? t(m.title);
  return (
    <>
      <BackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loading)} />}
      {data && !category && <EmptyState>{t(m.missing)}</EmptyState>}
      {data && category && (
        <>
          <CategoryForm
            key={category.id}
            category={category}
            tree={data.categoryTree}
            onSaved={(next) => setData({ ...data, category: next })}
          />
          <CategoryStoreTexts key={`${category.id}-store-texts`} id={category.id} />
          {category.level >= 2 && <MoveSection category={category} tree={data.categoryTree} onMoved={refetch} />}
          {category.level >= 2 && <CategoryDeleteSection category={category} />}
        </>
      )}
    </>
  );
}

/** /categories/new?parent=ID: the form, empty, under that parent (the store's root without one). */
export function NewCategoryPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data, error, loading, refetch } = useQuery(CategoryTreeQuery);
  const asked = params.get('parent');
  const fallback = data?.categoryTree.find((c) => c.parentId === null)?.id ?? '';
  const parentId = asked && data?.categoryTree.some((c) => c.id === asked) ? asked : fallback;
  return (
    <>
      <BackLink />
      <PageHeading title={t(m.newTitle)}>{t(m.newTitle)}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loadingTree)} />}
      {data && (
        <CategoryForm
          key={parentId}
          category={null}
          parentId={parentId}
          tree={data.categoryTree}
          onSaved={(next) => void navigate(`/categories/${next.id}`)}
        />
      )}
    </>
  );
}
