import { useQuery } from '@apollo/client/react';
import { CmsContent } from './CmsContent';
import { CmsBlocksQuery, cmsBlockVariables } from './cmsQueries';

/** A merchant's reusable content block; renders nothing when the block does not exist. */
export function CmsBlock({ identifier, className }: { identifier: string; className?: string }) {
  const { data } = useQuery(CmsBlocksQuery, {
    variables: cmsBlockVariables(identifier),
    fetchPolicy: 'cache-first',
    errorPolicy: 'ignore',
  });
  const block = data?.cmsBlocks?.items?.find((item) => item?.identifier === identifier);
  if (!block?.content) return null;
  return <CmsContent html={block.content} className={className} />;
}
