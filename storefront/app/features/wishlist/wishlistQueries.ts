import { graphql } from '../../__generated__/gql';

export const WishlistFields = graphql(`
  fragment WishlistFields on Wishlist {
    id
    items_count
    items_v2(pageSize: 100) {
      items {
        id
        quantity
        product {
          ...CatalogProductCardFields
        }
      }
    }
  }
`);

export const WishlistQuery = graphql(`
  query Wishlist {
    customer {
      wishlists {
        ...WishlistFields
      }
    }
  }
`);

export const WishlistAddMutation = graphql(`
  mutation WishlistAdd($wishlistId: ID!, $items: [WishlistItemInput!]!) {
    addProductsToWishlist(wishlistId: $wishlistId, wishlistItems: $items) {
      wishlist {
        ...WishlistFields
      }
      user_errors {
        code
        message
      }
    }
  }
`);

export const WishlistRemoveMutation = graphql(`
  mutation WishlistRemove($wishlistId: ID!, $itemIds: [ID!]!) {
    removeProductsFromWishlist(wishlistId: $wishlistId, wishlistItemsIds: $itemIds) {
      wishlist {
        ...WishlistFields
      }
      user_errors {
        code
        message
      }
    }
  }
`);

export const WishlistMoveToCartMutation = graphql(`
  mutation WishlistMoveToCart($wishlistId: ID!, $itemIds: [ID!]) {
    addWishlistItemsToCart(wishlistId: $wishlistId, wishlistItemIds: $itemIds) {
      status
      add_wishlist_items_to_cart_user_errors {
        code
        message
        wishlistItemId
      }
      wishlist {
        ...WishlistFields
      }
    }
  }
`);
