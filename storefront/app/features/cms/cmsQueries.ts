import { graphql } from '../../__generated__/gql';

export const CmsPageQuery = graphql(`
  query CmsPage($identifier: String!) {
    cmsPage(identifier: $identifier) {
      identifier
      url_key
      title
      content
      content_heading
      meta_title
      meta_description
      meta_keywords
    }
  }
`);

export const CmsBlocksQuery = graphql(`
  query CmsBlocks($identifiers: [String]!) {
    cmsBlocks(identifiers: $identifiers) {
      items {
        identifier
        title
        content
      }
    }
  }
`);

/** CmsBlock and its loader must ask with identical variables, so the component reads the cache. */
export function cmsBlockVariables(identifier: string) {
  return { identifiers: [identifier] };
}
