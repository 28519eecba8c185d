import { graphql } from '../../__generated__/gql';

export const ResolveRouteQuery = graphql(`
  query ResolveRoute($url: String!) {
    route(url: $url) {
      __typename
      relative_url
      redirect_code
      type
      ... on CategoryInterface {
        uid
      }
      ... on ProductInterface {
        uid
        url_key
      }
      ... on CmsPage {
        identifier
      }
    }
  }
`);
