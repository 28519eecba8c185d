import { graphql } from '../../__generated__/gql';

// Two levels below the root are what a mega menu can show without becoming a site map.
export const CategoryMenuQuery = graphql(`
  query CategoryMenu($rootUid: String!) {
    categoryList(filters: { category_uid: { eq: $rootUid } }) {
      uid
      children {
        uid
        name
        url_path
        include_in_menu
        position
        children_count
        image
        children {
          uid
          name
          url_path
          include_in_menu
          position
          children_count
        }
      }
    }
  }
`);
