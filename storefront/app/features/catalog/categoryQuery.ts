import { graphql } from '../../__generated__/gql';

export const CatalogCategoryQuery = graphql(`
  query CatalogCategory($uid: String!) {
    categories(filters: { category_uid: { eq: $uid } }) {
      items {
        uid
        name
        url_path
        url_suffix
        description
        meta_title
        meta_description
        display_mode
        breadcrumbs {
          category_uid
          category_name
          category_level
          category_url_path
        }
      }
    }
  }
`);
