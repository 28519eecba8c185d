import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { graphql } from '../__generated__';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { useT } from '../common/useT';
import { type CmsPage } from './content/cmsDraft';
import { ROLE_NOTES, m } from './content/cmsMessages';
import { CmsForm } from './content/CmsForm';
import { CmsDeleteSection } from './content/CmsDeleteSection';
import { CmsPageStoreTexts } from './content/CmsPageStoreTexts';

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
  const t = useT();
  return (
    <p className="bo-back">
      <Link to="/content">
        <Icon icon={ArrowLeft} size={18} />
        {t(m.allContent)}
      </Link>
    </p>
  );
}

function BlockBackLink() {
  const t = useT();
  return (
    <p className="bo-back">
      <Link to="/content?kind=blocks">
        <Icon icon={ArrowLeft} size={18} />
        {t(m.allBlocks)}
      </Link>
    </p>
  );
}

export function CmsPageEditPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CmsPageQuery, { id });
  const page = data?.cmsPage;
  const title = page?.title ?? t(m.pageTitle);
  return (
    <>
      <BackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loadingPage)} />}
      {data && !page && <EmptyState>{t(m.missingPage)}</EmptyState>}
      {page && (
        <>
          <CmsForm key={page.id} kind="page" item={page} onSaved={(next) => setData({ cmsPage: next as CmsPage })} />
          <CmsPageStoreTexts key={`${page.id}-store-texts`} id={page.id} />
          <CmsDeleteSection kind="page" item={page} blocked={page.role ? t(ROLE_NOTES[page.role]) : null} />
        </>
      )}
    </>
  );
}

export function NewCmsPagePage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <BackLink />
      <PageHeading title={t(m.newPage)}>{t(m.newPage)}</PageHeading>
      <CmsForm
        kind="page"
        item={null}
        onSaved={(next) => void navigate(`/content/pages/${next.id}`, { state: { created: true } })}
      />
    </>
  );
}

export function CmsBlockEditPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CmsBlockQuery, { id });
  const block = data?.cmsBlock;
  const title = block?.title ?? t(m.blockTitle);
  return (
    <>
      <BlockBackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label={t(m.loadingBlock)} />}
      {data && !block && <EmptyState>{t(m.missingBlock)}</EmptyState>}
      {block && (
        <>
          <CmsForm key={block.id} kind="block" item={block} onSaved={(next) => setData({ cmsBlock: next })} />
          <CmsDeleteSection kind="block" item={block} blocked={null} />
        </>
      )}
    </>
  );
}

export function NewCmsBlockPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <BlockBackLink />
      <PageHeading title={t(m.newBlock)}>{t(m.newBlock)}</PageHeading>
      <CmsForm
        kind="block"
        item={null}
        onSaved={(next) => void navigate(`/content/blocks/${next.id}`, { state: { created: true } })}
      />
    </>
  );
}
