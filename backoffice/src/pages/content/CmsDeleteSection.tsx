import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { DeleteSection } from '../../common/DeleteSection';
import { useT } from '../../common/useT';
import { type CmsBlock, type CmsPage, type Kind } from './cmsDraft';
import { m } from './cmsMessages';

const DeleteCmsPage = graphql(`
  mutation DeleteCmsPage($id: ID!) {
    deleteCmsPage(id: $id)
  }
`);

const DeleteCmsBlock = graphql(`
  mutation DeleteCmsBlock($id: ID!) {
    deleteCmsBlock(id: $id)
  }
`);

/** Delete, after a confirmation; the home and "not found" pages cannot be deleted (`blocked` says why). */
export function CmsDeleteSection({
  kind,
  item,
  blocked,
}: {
  kind: Kind;
  item: CmsPage | CmsBlock;
  blocked: string | null;
}) {
  const t = useT();
  return (
    <DeleteSection
      name={item.title}
      explanation={blocked ?? t(kind === 'page' ? m.deletePageText : m.deleteBlockText)}
      buttonLabel={t(m.deleteButton, { kind })}
      confirmation={t(m.deleteConfirm)}
      disabled={blocked !== null}
      onDelete={() =>
        kind === 'page' ? request(DeleteCmsPage, { id: item.id }) : request(DeleteCmsBlock, { id: item.id })
      }
      listPath={kind === 'page' ? '/content' : '/content?kind=blocks'}
    />
  );
}
