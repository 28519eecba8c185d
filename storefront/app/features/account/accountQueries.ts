import { graphql } from '../../__generated__/gql';

export const AccountAddressFields = graphql(`
  fragment AccountAddressFields on CustomerAddress {
    id
    firstname
    lastname
    street
    city
    postcode
    telephone
    country_code
    region {
      region
      region_code
      region_id
    }
    default_shipping
    default_billing
  }
`);

// Customer is a cache singleton: every account query fills in the same object.
export const AccountCustomerQuery = graphql(`
  query AccountCustomer {
    customer {
      firstname
      lastname
      email
      is_subscribed
      default_shipping
      default_billing
      addresses {
        ...AccountAddressFields
      }
    }
  }
`);

export const AccountSessionConfigQuery = graphql(`
  query AccountSessionConfig {
    storeConfig {
      store_code
      customer_access_token_lifetime
      minimum_password_length
      required_character_classes_number
    }
  }
`);
