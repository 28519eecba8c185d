import { graphql } from '../../__generated__/gql';

export const AccountOrdersQuery = graphql(`
  query AccountOrders($filter: CustomerOrdersFilterInput, $pageSize: Int!) {
    customer {
      orders(filter: $filter, pageSize: $pageSize, currentPage: 1) {
        total_count
        items {
          id
          number
          order_date
          status
          state
          payment_methods {
            type
            additional_data {
              name
              value
            }
          }
          total {
            grand_total {
              ...MoneyAmount
            }
          }
        }
      }
    }
  }
`);

export const AccountOrderQuery = graphql(`
  query AccountOrder($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }, pageSize: 1) {
        items {
          id
          number
          order_date
          status
          state
          ...OrderDetailsFields
        }
      }
    }
  }
`);

// A guest's order, by what the guest knows of it (Magento's "Orders and Returns").
export const GuestOrderQuery = graphql(`
  query GuestOrder($input: OrderInformationInput!) {
    guestOrder(input: $input) {
      id
      number
      order_date
      status
      state
      ...OrderDetailsFields
    }
  }
`);
