import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { type CmsPage, ROLE_NOTES } from './content/cmsDraft';
import { CmsForm } from './content/CmsForm';
import { DeleteSection } from './content/CmsDeleteSection';

// One editor for content pages (/content/pages/:id, /content/pages/new) and blocks
// (/content/blocks/:id, /content/blocks/new): the fields, the HTML with its preview beside it,
// and delete after a confirmation.

graphql(`
  fragment AdminCmsPageFields on AdminCmsPage {
    id
    identifier
    title
    contentHeading
    content
    metaTitle
    metaDescription
    metaKeywords
    active
    role
    storefrontPath
  }
`);

graphql(`
  fragment AdminCmsBlockFields on AdminCmsBlock {
    id
    identifier
    title
    content
    active
  }
`);

const CmsPageQuery = graphql(`
  query AdminCmsPage($id: ID!) {
    cmsPage(id: $id) {
      ...AdminCmsPageFields
    }
  }
`);

const CmsBlockQuery = graphql(`
  query AdminCmsBlock($id: ID!) {
    cmsBlock(id: $id) {
      ...AdminCmsBlockFields
    }
  }
`);

function BackLink() {
  return (
    <p className="bo-back">
      <Link to="/content">
        <Icon icon={ArrowLeft} size={18} />
        All content
      </Link>
    </p>
  );
}

function BlockBackLink() {
  return (
    <p className="bo-back">
      <Link to="/content?kind=blocks">
        <Icon icon={ArrowLeft} size={18} />
        All blocks
      </Link>
    </p>
  );
}

export function CmsPageEditPage() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CmsPageQuery, { id });
  const page = data?.cmsPage;
  const title = page?.title ?? 'Page';
  return (
    <>
      <BackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the page…" />}
      {data && !page && <EmptyState>There is no such page. Find it in the list of content.</EmptyState>}
      {page && (
        <>
          <CmsForm key={page.id} kind="page" item={page} onSaved={(next) => setData({ cmsPage: next as CmsPage })} />
          <DeleteSection kind="page" item={page} blocked={page.role ? ROLE_NOTES[page.role] : null} />
        </>
      )}
    </>
  );
}

export function NewCmsPagePage() {
  const navigate = useNavigate();
  return (
    <>
      <BackLink />
      <PageHeading title="New page">New page</PageHeading>
      <CmsForm
        kind="page"
        item={null}
        onSaved={(next) => void navigate(`/content/pages/${next.id}`, { state: { created: true } })}
      />
    </>
  );
}

export function CmsBlockEditPage() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CmsBlockQuery, { id });
  const block = data?.cmsBlock;
  const title = block?.title ?? 'Block';
  return (
    <>
      <BlockBackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the block…" />}
      {data && !block && <EmptyState>There is no such block. Find it in the list of content.</EmptyState>}
      {block && (
        <>
          <CmsForm key={block.id} kind="block" item={block} onSaved={(next) => setData({ cmsBlock: next })} />
          <DeleteSection kind="block" item={block} blocked={null} />
        </>
      )}
    </>
  );
}

export function NewCmsBlockPage() {
  const navigate = useNavigate();
  return (
    <>
      <BlockBackLink />
      <PageHeading title="New block">New block</PageHeading>
      <CmsForm
        kind="block"
        item={null}
        onSaved={(next) => void navigate(`/content/blocks/${next.id}`, { state: { created: true } })}
      />
    </>
  );
}
